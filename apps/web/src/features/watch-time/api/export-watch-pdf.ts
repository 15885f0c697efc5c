import { formatDuration, formatInTimeZone, type WatchRecord } from '@valence/contract';
import { failureOrCause, mutationHook } from '../../../lib/mutation';
import type { InstituteHeading } from '../../../lib/pdf-report';
import { fileNamePart, generatedAt, startReport } from '../../../lib/pdf-report';
import { portalInstituteHeading } from '../../../lib/portal-institute';
import type { WatchFilters } from '../../../lib/query-keys';
import { getAllWatchRecords } from './get-watch-records';
import { getWatchTotal } from './get-watch-total';

export type ExportWatchPdfVariables = {
  username: string;
  /** The student's name, shown beside the username when they have one. */
  studentName?: string | null;
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
  studentName: string | null = null,
) {
  const report = await startReport({
    institute,
    title: 'Watch Time Report',
    details: [
      ['Student', studentName ? `${studentName} (${username})` : username],
      ['Generated', generatedAt(now, timeZone)],
      ['Total watch time', formatDuration(totalSeconds)],
    ],
  });
  report.table({
    head: [['Video Name', 'Course', 'Watched At', 'Duration']],
    body: records.map((r) => [
      r.videoName,
      r.courseTitle ?? '-',
      formatInTimeZone(r.timestamp, timeZone),
      formatDuration(r.watchedDuration),
    ]),
    columnStyles: { 3: { halign: 'right' } },
  });
  return report.finish();
}

export async function exportWatchPdf({
  username,
  studentName = null,
  timeZone,
  filters,
}: ExportWatchPdfVariables): Promise<void> {
  const [records, total, institute] = await Promise.all([
    getAllWatchRecords(username, filters),
    getWatchTotal(username),
    portalInstituteHeading(),
  ]);
  const doc = await buildWatchReport(username, timeZone, records, total, new Date(), institute, studentName);
  doc.save(watchReportFileName(username));
}

export const useExportWatchPdf = mutationHook(exportWatchPdf, () => ({
  meta: {
    success: 'Watch time records exported successfully',
    error: failureOrCause('Error exporting watch time records'),
  },
}));
