import { client, file } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { failureOrCause, mutationHook } from '../../../lib/mutation';

export type ExportScoreSummaryVariables = {
  studentId: number;
  username: string;
  /** Kept for the callers; the server writes the student's name itself. */
  studentName?: string | null;
  timeZone?: string;
};

/** The fallback name when the server's answer names none. */
export const scoreSummaryFileName = (username: string) => `exam_scores_${username.replace(/[^A-Za-z0-9]/g, '_')}.pdf`;

/**
 * Every exam of one student as the report a tutor hands a parent: drawn by the server from the
 * marks as they are now (any script, notation typeset) and downloaded.
 */
export async function exportScoreSummaryPdf({ studentId, username }: ExportScoreSummaryVariables) {
  // The server's reason, when it could not draw the report, passes as it is.
  const { blob, fileName } = await file(
    client.GET('/api/v1/exams/student/{studentId}/score-summary.pdf', {
      params: { path: { studentId } },
      parseAs: 'blob',
    }),
  );
  try {
    saveBlob(blob, fileName ?? scoreSummaryFileName(username));
  } catch (cause) {
    throw new Error('Failed to generate exam scores summary PDF', { cause });
  }
}

export const useExportScoreSummaryPdf = mutationHook(exportScoreSummaryPdf, () => ({
  meta: {
    success: 'Exam scores summary exported successfully',
    error: failureOrCause('Error exporting exam scores summary'),
  },
}));
