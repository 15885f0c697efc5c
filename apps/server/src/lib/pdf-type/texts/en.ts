/**
 * The words of the PDFs a student downloads, in English. The Sinhala and Tamil files (`si.ts`,
 * `ta.ts`) have the same keys (the type checker and `texts.test.ts` fail on a missing one). `{{name}}`
 * marks a value put in; keep each in the translation. Wording follows the students' app's packs
 * (`apps/web/src/learn/locales`) where the same words occur.
 */
export const en = {
  /** Short month names, January first, separated by "|" (Node's Intl has no Sinhala names). */
  months: 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec',
  /**
   * A day. Values: {{year}}, {{month}} (a name from `months`), {{day}} (6), {{mm}} and {{dd}} (12, 06).
   * English keeps the digits (2026-12-06), as the staff's reports write a day.
   */
  date: '{{year}}-{{mm}}-{{dd}}',
  /** When a PDF was made: 2026-12-06 10:00 (Asia/Colombo). */
  dateTime: '{{date}} {{time}} ({{zone}})',
  /** At the foot of every page of a report. */
  page: 'Page {{page}} of {{pages}}',
  /** At the foot of every page of a lecture PDF. */
  licence: 'Licensed to {{holder}} · {{date}}',
  myMarks: {
    title: 'My marks',
    student: 'Student',
    exams: 'Exams',
    generated: 'Generated',
    exam: 'Exam',
    mcq: 'MCQ (/ 50)',
    partTwo: 'PART II (/ 100)',
    grade: 'Grade',
    total: 'Total (/ 100)',
    mcqOnly: 'MCQ only',
    partTwoOnly: 'PART II only',
    notSubmitted: 'Not submitted',
    notMarked: 'Not marked yet',
    notPublished: 'Not published yet',
    none: 'No marks yet.',
    rules:
      'MCQ is marked out of 50 and PART II out of 100; the total is the MCQ mark plus half of the PART II mark, out of 100. Marks show once your tutor publishes them.',
  },
};

export type PdfTexts = typeof en;
