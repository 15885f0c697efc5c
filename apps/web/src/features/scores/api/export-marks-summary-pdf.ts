import { type MarksSummary, OVERALL_STATUS_LABELS, statusLabel } from '@valence/contract';
import { mutationHook } from '../../../lib/mutation';
import type { InstituteHeading } from '../../../lib/pdf-report';
import { fileNamePart, generatedAt, startReport } from '../../../lib/pdf-report';
import { portalInstituteHeading } from '../../../lib/portal-institute';
import { formatScore, NO_SCORE, partialTotalNote } from '../model/format';
import { summaryPapers } from '../model/summary-papers';

export const NO_SUMMARY_TEXT = 'No summary data available to export.';
const EXPORT_FAILED_TEXT = 'Failed to export PDF. Please try again.';

class NoSummaryError extends Error {}

export type ExportMarksSummaryVariables = { summary: MarksSummary | undefined; timeZone: string };

/** `marks_summary_{student}_{identifier}.pdf`, anything but letters and digits made an underscore. */
export const marksSummaryFileName = (summary: Pick<MarksSummary, 'studentName' | 'studentId' | 'examIdentifier'>) =>
  `marks_summary_${fileNamePart(summary.studentName || `student_${summary.studentId}`)}_${fileNamePart(summary.examIdentifier)}.pdf`;

/** One student's marks under one identifier, as a report a tutor hands a parent. */
export async function buildMarksSummaryReport(
  summary: MarksSummary,
  timeZone: string,
  now = new Date(),
  institute: InstituteHeading | null = null,
) {
  const report = await startReport({
    institute,
    title: 'Student Marks Summary',
    details: [
      ['Student', `${summary.studentName || 'N/A'} (ID: ${summary.studentId})`],
      [
        'Exam identifier',
        summary.courseTitle ? `${summary.examIdentifier} (${summary.courseTitle})` : summary.examIdentifier,
      ],
      ['Generated', generatedAt(now, timeZone)],
    ],
  });
  for (const paper of summaryPapers(summary, timeZone, 'Submitted at')) {
    report.heading(paper.title);
    report.fields(paper.absent ? [['Paper', `No ${paper.title} paper under this identifier`]] : paper.rows);
  }
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
  const doc = await buildMarksSummaryReport(summary, timeZone, new Date(), await portalInstituteHeading());
  doc.save(marksSummaryFileName(summary));
}

export const useExportMarksSummaryPdf = mutationHook(exportMarksSummaryPdf, () => ({
  meta: {
    error: (_variables: ExportMarksSummaryVariables, error: unknown) =>
      error instanceof NoSummaryError ? NO_SUMMARY_TEXT : EXPORT_FAILED_TEXT,
  },
}));
