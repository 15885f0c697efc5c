import type { ScoreSummaryRow } from '@valence/contract';
import { failureOrCause, mutationHook } from '../../../lib/mutation';
import type { InstituteHeading } from '../../../lib/pdf-report';
import { fileNamePart, generatedAt, startReport } from '../../../lib/pdf-report';
import { portalInstituteHeading } from '../../../lib/portal-institute';
import { formatScore, partialTotalNote } from '../model/format';
import { getScoreSummary } from './get-score-summary';

export type ExportScoreSummaryVariables = {
  studentId: number;
  username: string;
  /** The student's name, shown beside the username when they have one. */
  studentName?: string | null;
  timeZone: string;
};

/** `exam_scores_{username}.pdf`, anything but letters and digits made an underscore. */
export const scoreSummaryFileName = (username: string) => `exam_scores_${fileNamePart(username)}.pdf`;

/** Every exam of one student, MCQ, PART II and total, as a report a tutor hands a parent. */
export async function buildScoreSummaryReport(
  username: string,
  timeZone: string,
  rows: ScoreSummaryRow[],
  now = new Date(),
  institute: InstituteHeading | null = null,
  studentName: string | null = null,
) {
  const report = await startReport({
    institute,
    title: 'Exam Score Summary',
    details: [
      ['Student', studentName ? `${studentName} (${username})` : username],
      ['Exams', String(rows.length)],
      ['Generated', generatedAt(now, timeZone)],
    ],
  });
  // Numbers line up on the right, under headings aligned the same way.
  const number = (content: string) => ({ content, styles: { halign: 'right' as const } });
  report.table({
    head: [['Exam Code', 'Course', number('MCQ (/ 50)'), number('PART II (/ 100)'), number('Total (/ 100)')]],
    body: rows.length
      ? rows.map((row) => {
          const partial = partialTotalNote(row.mcqScore, row.traditionalScore);
          const total = formatScore(row.combinedTotalScore);
          return [
            row.examIdentifier,
            row.courseTitle ?? '-',
            formatScore(row.mcqScore),
            formatScore(row.traditionalScore),
            partial ? `${total} (${partial})` : total,
          ];
        })
      : [[{ content: 'No exam scores yet.', colSpan: 5 }]],
    columnStyles: {
      2: { halign: 'right', cellWidth: 70 },
      3: { halign: 'right', cellWidth: 80 },
      4: { halign: 'right', cellWidth: 110, fontStyle: 'bold' },
    },
  });
  report.note(
    'The MCQ paper is marked out of 50 and PART II out of 100; the total is the MCQ mark plus half of the PART II mark, out of 100. A dash means that part is not marked yet; a total marked MCQ only or PART II only counts the one part marked so far.',
  );
  return report.finish();
}

/** Asks the server for the rows again, so the report holds what is marked now, not what was loaded. */
export async function exportScoreSummaryPdf({
  studentId,
  username,
  studentName = null,
  timeZone,
}: ExportScoreSummaryVariables) {
  const [rows, institute] = await Promise.all([getScoreSummary(studentId), portalInstituteHeading()]);
  try {
    const doc = await buildScoreSummaryReport(username, timeZone, rows, new Date(), institute, studentName);
    doc.save(scoreSummaryFileName(username));
  } catch (cause) {
    // The screen's own failure sentence; the server's reason, when the rows could not be read, passes as it is.
    throw new Error('Failed to generate exam scores summary PDF', { cause });
  }
}

export const useExportScoreSummaryPdf = mutationHook(exportScoreSummaryPdf, () => ({
  meta: {
    success: 'Exam scores summary exported successfully',
    error: failureOrCause('Error exporting exam scores summary'),
  },
}));
