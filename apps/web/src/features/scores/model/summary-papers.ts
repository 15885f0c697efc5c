import { formatInTimeZone, type MarksSummary, SUBMISSION_STATUS_LABELS, statusLabel } from '@valence/contract';
import { NO_SCORE, scoreOutOf } from './format';

/** A time in the platform zone, or the absent mark. */
const timeOrNone = (iso: string | null, timeZone: string) => (iso ? formatInTimeZone(iso, timeZone) : NO_SCORE);

/** One paper of a marks summary: whether the identifier has one, and its details. */
export type SummaryPaper = { title: string; absent: boolean; rows: [label: string, value: string][] };

/**
 * The MCQ and PART II papers of a summary in the portal's words, the same on screen and in the PDF;
 * `submittedLabel` is how each spells that row ('Submitted At' on screen, 'Submitted at' in the report).
 */
export function summaryPapers(
  summary: MarksSummary,
  timeZone: string,
  submittedLabel: string,
): [mcq: SummaryPaper, partTwo: SummaryPaper] {
  // The summary carries the same fields for both papers, each under its own prefix.
  const paper = (prefix: 'mcq' | 'traditional', title: string, outOf: number): SummaryPaper => ({
    title,
    absent: summary[`${prefix}ExamId` as const] === null,
    rows: [
      ['Exam', summary[`${prefix}ExamTitle` as const] ?? 'N/A'],
      ['Score', scoreOutOf(summary[`${prefix}Score` as const], outOf)],
      // Only a PART II paper is given an overall mark (a grade) by its marker.
      ...(prefix === 'traditional' ? [['Overall Mark', summary.traditionalGrade || NO_SCORE] as [string, string]] : []),
      ['Status', statusLabel(summary[`${prefix}SubmissionStatus` as const], SUBMISSION_STATUS_LABELS)],
      [submittedLabel, timeOrNone(summary[`${prefix}SubmittedAt` as const], timeZone)],
      ['Feedback', summary[`${prefix}InstructorFeedback` as const] || NO_SCORE],
    ],
  });
  return [paper('mcq', 'MCQ', 50), paper('traditional', 'PART II', 100)];
}
