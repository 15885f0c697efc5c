import { formatDuration, formatInTimeZone, type WatchRecord } from '@valence/contract';
import type { InstituteHeading } from '../../../lib/institute-heading';
import { failureOrCause, mutationHook } from '../../../lib/mutation';
import { fileNamePart, generatedAt, startReport } from '../../../lib/pdf-report';
import { portalInstituteHeading } from '../../../lib/portal-institute';
import type { WatchFilters } from '../../../lib/query-keys';
import { getAllWatchRecords } from './get-watch-records';
import { getWatchTotal } from './get-watch-total';

export type ExportWatchPdfVariables = {
  username: string;
  timeZone: string;
  filters: WatchFilters & { q?: string; sort?: string };
};

/** The report's file name: the username with anything but letters and digits made an underscore. */
export const watchReportFileName = (username: string) => `${fileNamePart(username)}_watch_time.pdf`;

/** Builds the report a tutor hands a parent, in the look every portal report shares. */
export async function buildWatchReport(
  username: string,
  timeZone: string,
  records: WatchRecord[],
  totalSeconds: number,
  now = new Date(),
  institute: InstituteHeading | null = null,
) {
  const report = await startReport({
    institute,
    title: 'Watch Time Report',
    details: [
      ['Student', username],
      ['Generated', generatedAt(now, timeZone)],
      ['Total watch time', formatDuration(totalSeconds)],
    ],
  });
  report.table({
    head: [['Video Name', 'Watched At', 'Duration']],
    body: records.map((r) => [r.videoName, formatInTimeZone(r.timestamp, timeZone), formatDuration(r.watchedDuration)]),
    columnStyles: { 2: { halign: 'right' } },
  });
  return report.finish();
}

export async function exportWatchPdf({ username, timeZone, filters }: ExportWatchPdfVariables): Promise<void> {
  const [records, total, institute] = await Promise.all([
    getAllWatchRecords(username, filters),
    getWatchTotal(username),
    portalInstituteHeading(),
  ]);
  const doc = await buildWatchReport(username, timeZone, records, total, new Date(), institute);
  doc.save(watchReportFileName(username));
}

export const useExportWatchPdf = mutationHook(exportWatchPdf, () => ({
  meta: {
    success: 'Watch time records exported successfully',
    error: failureOrCause('Error exporting watch time records'),
  },
}));
