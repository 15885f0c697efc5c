import type { WATCH_SORT_FIELDS } from '@valence/contract';
import { client, file } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { failureOrCause, mutationHook } from '../../../lib/mutation';
import { listQuery, type SortOf } from '../../../lib/paging';
import type { WatchFilters } from '../../../lib/query-keys';

export type ExportWatchPdfVariables = {
  username: string;
  /** Kept for the callers; the server writes the student's name itself. */
  studentName?: string | null;
  timeZone?: string;
  filters: WatchFilters & { q?: string; sort?: string };
};

/** The fallback name when the server's answer names none. */
export const watchReportFileName = (username: string) => `${username.replace(/[^A-Za-z0-9]/g, '_')}_watch_time.pdf`;

/**
 * The student's watch records under the list's filters (every page) as the report a tutor hands a
 * parent: drawn by the server (any script, notation typeset) and downloaded.
 */
export async function exportWatchPdf({ username, filters }: ExportWatchPdfVariables): Promise<void> {
  const sort = filters.sort as SortOf<typeof WATCH_SORT_FIELDS> | undefined;
  const query = listQuery({ q: filters.q, sort, from: filters.from, to: filters.to });
  const { blob, fileName } = await file(
    client.GET('/api/watchtime/{username}/report.pdf', { params: { path: { username }, query }, parseAs: 'blob' }),
  );
  saveBlob(blob, fileName ?? watchReportFileName(username));
}

export const useExportWatchPdf = mutationHook(exportWatchPdf, () => ({
  meta: {
    success: 'Watch time records exported successfully',
    error: failureOrCause('Error exporting watch time records'),
  },
}));
