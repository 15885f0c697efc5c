import type { MyMarksRow } from '@valence/contract';
import { generatedAt, type InstituteHeading, startReport } from '../../../../lib/pdf-report';
import { learnInstituteHeading } from '../../../lib/institute';
import { formatScore, marksFileName, NO_SCORE, partCell, partialTotalNote } from './format';

export type MarksPdfInput = {
  username: string;
  timeZone: string;
  rows: MyMarksRow[];
  now?: Date;
  institute?: InstituteHeading | null;
};
/** Makes the PDF and hands it to the browser as a download; the page takes another in tests. */
export type WriteMarksPdf = (input: MarksPdfInput) => Promise<void>;

/**
 * My marks as a one-table PDF made on the phone, in the same frame as the reports tutors hand out
 * (lib/pdf-report.ts: accent band, details, numbered pages). jsPDF loads only when it is asked for.
 */
export async function buildMarksPdf({ username, timeZone, rows, now = new Date(), institute = null }: MarksPdfInput) {
  const report = await startReport({
    institute,
    title: 'My marks',
    details: [
      ['Student', username],
      ['Exams', String(rows.length)],
      ['Generated', generatedAt(now, timeZone)],
    ],
  });
  report.table({
    head: [['Exam', 'MCQ (/ 50)', 'PART II (/ 100)', 'Grade', 'Total (/ 100)']],
    body: rows.map((row) => {
      const note = partialTotalNote(row);
      const total = formatScore(row.combinedTotalScore);
      return [
        row.courseTitle ? `${row.examIdentifier} (${row.courseTitle})` : row.examIdentifier,
        partCell(row.mcq, 50),
        partCell(row.partTwo, 100),
        row.partTwo?.grade ?? NO_SCORE,
        note && total !== NO_SCORE ? `${total} (${note})` : total,
      ];
    }),
    columnStyles: { 4: { fontStyle: 'bold' } },
  });
  report.note(
    'MCQ is marked out of 50 and PART II out of 100; the total is the MCQ mark plus half of the PART II mark, out of 100. Marks show once your tutor publishes them.',
  );
  return report.finish();
}

/** Builds the PDF and saves it as `my_marks_{username}.pdf`. */
export const downloadMarksPdf: WriteMarksPdf = async (input) => {
  const doc = await buildMarksPdf({ ...input, institute: await learnInstituteHeading() });
  doc.save(marksFileName(input.username));
};
