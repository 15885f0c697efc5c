import type { MarksSummary, ScoreSummaryRow } from '@valence/contract';

/** A student's marks under one identifier, both parts marked; tests override what they look at. */
export const marksSummary = (overrides: Partial<MarksSummary> = {}): MarksSummary => ({
  studentId: 12,
  studentName: 'Kasun Perera',
  examIdentifier: 'CHEM101_FINAL',
  mcqExamId: 3,
  mcqExamTitle: 'Paper I (MCQ)',
  mcqScore: 40,
  mcqSubmissionStatus: 'Graded',
  mcqInstructorFeedback: 'Revise the periodic trends.',
  mcqSubmittedAt: '2026-03-01T04:30:00.000Z',
  traditionalExamId: 4,
  traditionalExamTitle: 'Paper II (Structured essay)',
  traditionalScore: 90,
  traditionalGrade: 'A',
  traditionalSubmissionStatus: 'Graded',
  traditionalInstructorFeedback: 'Clear mechanisms, well laid out.',
  traditionalSubmittedAt: '2026-03-01T06:00:00.000Z',
  traditionalSubmittedAnswerDownloadUrl: 'https://files.example/answer.pdf',
  traditionalMarkedPaperDownloadUrl: 'https://files.example/marked.pdf',
  overallExamStatus: 'Fully Graded',
  totalScore: 85,
  ...overrides,
});

export const scoreRow = (examIdentifier: string, mcqScore: number | null, traditionalScore: number | null) => ({
  examIdentifier,
  mcqScore,
  traditionalScore,
  combinedTotalScore:
    mcqScore === null && traditionalScore === null ? null : (mcqScore ?? 0) + (traditionalScore ?? 0) * 0.5,
});

/** Six exams: two pages of five, one half-done and one not marked at all. */
export const SCORE_ROWS: ScoreSummaryRow[] = [
  scoreRow('CHEM101_FINAL', 40, 90),
  scoreRow('CHEM101_MID', 32.5, 71.35),
  scoreRow('ORG_UNIT1', 45, null),
  scoreRow('ORG_UNIT2', null, null),
  scoreRow('PHYS_CHEM_T2', 36, 64.5),
  scoreRow('INORG_REVISION', 41, 88),
];

/** What the tests' jsPDF "downloaded", and an error to make the next saves fail. */
export type RecordedSaves = { names: string[]; failure: Error | null };

/**
 * jsPDF as the portal uses it, except that `save` records the file name (the node build the tests
 * load would write the file into the working folder). For `vi.mock('jspdf', …)`.
 */
export function withRecordedSaves(original: typeof import('jspdf'), saves: RecordedSaves) {
  function RecordingJsPDF(...args: ConstructorParameters<typeof original.jsPDF>) {
    const doc = new original.jsPDF(...args);
    doc.save = ((name: string) => {
      if (saves.failure) throw saves.failure;
      saves.names.push(name);
      return doc;
    }) as typeof doc.save;
    return doc;
  }
  return { ...original, jsPDF: RecordingJsPDF as unknown as typeof original.jsPDF };
}
