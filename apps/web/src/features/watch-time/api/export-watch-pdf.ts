import { useMutation } from '@tanstack/react-query';
import { formatDuration, formatInTimeZone, type WatchRecord } from '@valence/contract';
import { errorMessage } from '../../../lib/api-client';
import type { WatchFilters } from '../../../lib/query-keys';
import { getAllWatchRecords } from './get-watch-records';
import { getWatchTotal } from './get-watch-total';

export type ExportWatchPdfVariables = {
  username: string;
  timeZone: string;
  filters: WatchFilters & { q?: string; sort?: string };
};

/** The report's file name: the username with anything but letters and digits made an underscore. */
export const watchReportFileName = (username: string) => `${username.replace(/[^A-Za-z0-9]/g, '_')}_watch_time.pdf`;

/** Builds the report a tutor hands a parent; jsPDF loads only when a report is asked for. */
export async function buildWatchReport(
  username: string,
  timeZone: string,
  records: WatchRecord[],
  totalSeconds: number,
  now = new Date(),
) {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  doc.setFontSize(18);
  doc.text('Watch Time Report', 40, 56);
  doc.setFontSize(11);
  doc.text(`Student: ${username}`, 40, 84);
  doc.text(`Generated: ${formatInTimeZone(now.toISOString(), timeZone)} (${timeZone})`, 40, 102);
  doc.text(`Total watch time: ${formatDuration(totalSeconds)}`, 40, 120);
  autoTable(doc, {
    startY: 140,
    head: [['Video Name', 'Watched At', 'Duration']],
    body: records.map((r) => [r.videoName, formatInTimeZone(r.timestamp, timeZone), formatDuration(r.watchedDuration)]),
    styles: { fontSize: 10 },
    headStyles: { fillColor: [12, 133, 153] },
    didDrawPage: ({ pageNumber }) => {
      doc.setFontSize(9);
      doc.text(`Page ${pageNumber}`, doc.internal.pageSize.getWidth() - 80, doc.internal.pageSize.getHeight() - 20);
    },
  });
  return doc;
}

export async function exportWatchPdf({ username, timeZone, filters }: ExportWatchPdfVariables): Promise<void> {
  const [records, total] = await Promise.all([getAllWatchRecords(username, filters), getWatchTotal(username)]);
  const doc = await buildWatchReport(username, timeZone, records, total);
  doc.save(watchReportFileName(username));
}

export function useExportWatchPdf() {
  return useMutation({
    mutationFn: exportWatchPdf,
    meta: {
      success: 'Watch time records exported successfully',
      error: (_variables: ExportWatchPdfVariables, error: unknown) =>
        `Error exporting watch time records: ${errorMessage(error, error instanceof Error ? error.message : 'unknown error')}`,
    },
  });
}
