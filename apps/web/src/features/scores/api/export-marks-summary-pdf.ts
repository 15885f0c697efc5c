import type { MarksSummary } from '@valence/contract';
import { client, file } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { mutationHook } from '../../../lib/mutation';

export const NO_SUMMARY_TEXT = 'No summary data available to export.';
const EXPORT_FAILED_TEXT = 'Failed to export PDF. Please try again.';

class NoSummaryError extends Error {}

export type ExportMarksSummaryVariables = { summary: MarksSummary | undefined; timeZone: string };

/** The fallback name when the server's answer names none: `marks_summary_{student}_{identifier}.pdf`. */
export const marksSummaryFileName = (summary: Pick<MarksSummary, 'studentName' | 'studentId' | 'examIdentifier'>) =>
  `marks_summary_${safe(summary.studentName || `student_${summary.studentId}`)}_${safe(summary.examIdentifier)}.pdf`;
const safe = (text: string) => text.replace(/[^A-Za-z0-9]/g, '_');

/**
 * One student's marks under one identifier, as the report a tutor hands a parent: drawn by the
 * server (embedded fonts: names and feedback in any script, notation typeset) and downloaded.
 */
export async function exportMarksSummaryPdf({ summary }: ExportMarksSummaryVariables): Promise<void> {
  if (!summary) throw new NoSummaryError(NO_SUMMARY_TEXT);
  const { studentId, examIdentifier } = summary;
  const { blob, fileName } = await file(
    client.GET('/api/v1/submissions/admin/student/{studentId}/marks-summary/{examIdentifier}/summary.pdf', {
      params: { path: { studentId, examIdentifier } },
      parseAs: 'blob',
    }),
  );
  saveBlob(blob, fileName ?? marksSummaryFileName(summary));
}

export const useExportMarksSummaryPdf = mutationHook(exportMarksSummaryPdf, () => ({
  meta: {
    error: (_variables: ExportMarksSummaryVariables, error: unknown) =>
      error instanceof NoSummaryError ? NO_SUMMARY_TEXT : EXPORT_FAILED_TEXT,
  },
}));
