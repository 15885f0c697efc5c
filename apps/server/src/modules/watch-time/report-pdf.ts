import { formatDuration, formatInTimeZone, type WatchRecord } from '@valence/contract';
import type { ReportDocument } from '../../lib/pdf-type/report-document.js';
import type { InstituteHeader } from '../../lib/pdf-type/report-writer.js';

/** A student's watch records as the report a tutor hands a parent (formerly drawn in the browser). */
export function watchReport(input: {
  username: string;
  name: string | null;
  records: WatchRecord[];
  totalSeconds: number;
  timeZone: string;
  now: Date;
  institute: InstituteHeader | null;
}): ReportDocument {
  const { timeZone } = input;
  return {
    title: 'Watch Time Report',
    institute: input.institute,
    details: [
      ['Student', input.name?.trim() ? `${input.name.trim()} (${input.username})` : input.username],
      ['Generated', `${formatInTimeZone(input.now.toISOString(), timeZone)} (${timeZone})`],
      ['Total watch time', formatDuration(input.totalSeconds)],
    ],
    blocks: [
      {
        kind: 'table',
        columns: [
          { header: 'Video Name', width: 4 },
          { header: 'Course', width: 3 },
          { header: 'Watched At', width: 2.4 },
          { header: 'Duration', width: 1.6, align: 'right' },
        ],
        rows: input.records.map((record) => [
          record.videoName,
          record.courseTitle ?? '-',
          formatInTimeZone(record.timestamp, timeZone),
          formatDuration(record.watchedDuration),
        ]),
        empty: 'No watch records.',
      },
    ],
  };
}
