import { useMutation } from '@tanstack/react-query';
import {
  formatInTimeZone,
  type MarksSummary,
  OVERALL_STATUS_LABELS,
  SUBMISSION_STATUS_LABELS,
  statusLabel,
} from '@valence/contract';
import { fileNamePart, generatedAt, startReport } from '../../../lib/pdf-report';
import { formatScore, NO_SCORE, partialTotalNote, scoreOutOf } from '../format';

export const NO_SUMMARY_TEXT = 'No summary data available to export.';
const EXPORT_FAILED_TEXT = 'Failed to export PDF. Please try again.';

class NoSummaryError extends Error {}

export type ExportMarksSummaryVariables = { summary: MarksSummary | undefined; timeZone: string };

/** `marks_summary_{student}_{identifier}.pdf`, anything but letters and digits made an underscore. */
export const marksSummaryFileName = (summary: Pick<MarksSummary, 'studentName' | 'studentId' | 'examIdentifier'>) =>
  `marks_summary_${fileNamePart(summary.studentName || `student_${summary.studentId}`)}_${fileNamePart(summary.examIdentifier)}.pdf`;

const when = (iso: string | null, timeZone: string) => (iso ? formatInTimeZone(iso, timeZone) : NO_SCORE);

/** One student's marks under one identifier, as a report a tutor hands a parent. */
export async function buildMarksSummaryReport(summary: MarksSummary, timeZone: string, now = new Date()) {
  const report = await startReport({
    title: 'Student Marks Summary',
    details: [
      ['Student', `${summary.studentName || 'N/A'} (ID: ${summary.studentId})`],
      ['Exam identifier', summary.examIdentifier],
      ['Generated', generatedAt(now, timeZone)],
    ],
  });
  report.heading('MCQ');
  report.fields(
    summary.mcqExamId === null
      ? [['Paper', 'No MCQ paper under this identifier']]
      : [
          ['Exam', summary.mcqExamTitle ?? 'N/A'],
          ['Score', scoreOutOf(summary.mcqScore, 50)],
          ['Status', statusLabel(summary.mcqSubmissionStatus, SUBMISSION_STATUS_LABELS)],
          ['Submitted at', when(summary.mcqSubmittedAt, timeZone)],
          ['Feedback', summary.mcqInstructorFeedback || NO_SCORE],
        ],
  );
  report.heading('PART II');
  report.fields(
    summary.traditionalExamId === null
      ? [['Paper', 'No PART II paper under this identifier']]
      : [
          ['Exam', summary.traditionalExamTitle ?? 'N/A'],
          ['Score', scoreOutOf(summary.traditionalScore, 100)],
          ['Overall Mark', summary.traditionalGrade || NO_SCORE],
          ['Status', statusLabel(summary.traditionalSubmissionStatus, SUBMISSION_STATUS_LABELS)],
          ['Submitted at', when(summary.traditionalSubmittedAt, timeZone)],
          ['Feedback', summary.traditionalInstructorFeedback || NO_SCORE],
        ],
  );
  report.heading('Overall');
  const total = formatScore(summary.totalScore);
  const partial = partialTotalNote(summary.mcqScore, summary.traditionalScore);
  report.fields([
    ['Overall status', statusLabel(summary.overallExamStatus, OVERALL_STATUS_LABELS)],
    ['Combined total', total === NO_SCORE ? total : `${total} / 100${partial ? ` (${partial})` : ''}`],
  ]);
  report.note(
    'The MCQ paper is marked out of 50 and PART II out of 100; the combined total is the MCQ mark plus half of the PART II mark, out of 100. A dash means not marked yet.',
  );
  return report.finish();
}

export async function exportMarksSummaryPdf({ summary, timeZone }: ExportMarksSummaryVariables): Promise<void> {
  if (!summary) throw new NoSummaryError(NO_SUMMARY_TEXT);
  const doc = await buildMarksSummaryReport(summary, timeZone);
  doc.save(marksSummaryFileName(summary));
}

export function useExportMarksSummaryPdf() {
  return useMutation({
    mutationFn: exportMarksSummaryPdf,
    meta: {
      error: (_variables: ExportMarksSummaryVariables, error: unknown) =>
        error instanceof NoSummaryError ? NO_SUMMARY_TEXT : EXPORT_FAILED_TEXT,
    },
  });
}
