/** The bulk marking screens' texts. */
export const MARKED_PAPER_TEXTS = {
  download: 'Download all scripts',
  downloadFailed: 'The scripts could not be downloaded. Please try again.',
  open: 'Return marked papers',
  title: 'Return marked papers',
  intro:
    'Upload a .zip of marked papers, each named by the student’s username or student ID (for example nimal.pdf or 1042.pdf): PDF, Word, text, JPG or PNG. A marks.csv in the zip with the columns username, score and feedback sets the marks too (with a mark scheme: username, feedback and a column per question, such as Q1 and Q2, instead of score). Check the zip first: nothing is saved until you apply.',
  zipLabel: 'Zip of marked papers',
  check: 'Check zip',
  apply: 'Apply',
  checkFailed: 'The zip could not be checked. Please try again.',
  applyFailed: 'The marked papers could not be returned. Please try again.',
  marksErrors: 'marks.csv has errors: fix them and check the zip again. Nothing is saved while it has any.',
  refused: 'Nothing was saved: marks.csv has errors. Fix them and check the zip again.',
  nothing: 'Nothing in this zip matches a script of this exam.',
  ready: (papers: number, marks: number) =>
    `${papers} marked paper${papers === 1 ? '' : 's'} and ${marks} mark${marks === 1 ? '' : 's'} ready to apply.`,
  done: (count: number) => `Done: ${count} script${count === 1 ? '' : 's'} updated.`,
} as const;
