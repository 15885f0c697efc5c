import type { PackHeader, ReportPackData } from '../../lib/pdf-jobs.js';
import { PdfWriter } from '../../lib/pdf-type/report-writer.js';

/**
 * A student's report pack as a PDF: pure (data in, bytes out), so the single download and the
 * course zip make the same pack, and a test can read it back. Written by the shared report writer
 * (`lib/pdf-type`): embedded Noto fonts, so names and feedback in Sinhala or Tamil print as typed.
 */

export type { PackHeader, ReportPackData } from '../../lib/pdf-jobs.js';

const mark = (value: number | null, outOf: number) =>
  value === null ? '-' : `${Math.round(value * 100) / 100} / ${outOf}`;
const minutes = (seconds: number) => {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m ${String(s).padStart(2, '0')}s`;
};

export const studentLabel = (student: ReportPackData['student']) =>
  student.name ? `${student.name} (${student.username})` : student.username;

/** The pack: institute header, the student, enrolments, watch summary with coverage, marks, feedback. */
export async function renderReportPack(data: ReportPackData, header: PackHeader): Promise<Uint8Array> {
  const writer = await PdfWriter.create();
  await writer.institute(header);
  writer.text('Report pack', { size: 20, bold: true });
  writer.y -= 6;
  writer.text(`Student: ${studentLabel(data.student)}`, { size: 11 });
  writer.text(`Generated: ${data.generatedAt}`, { size: 11 });
  writer.y -= 6;
  writer.rule();
  writer.y -= 4;

  writer.heading('Enrolments');
  if (data.enrolments.length === 0) writer.note('Not enrolled in any course.');
  else
    writer.table(
      [
        { header: 'Course', width: 5 },
        { header: 'Status', width: 2 },
        { header: 'Enrolled on', width: 2 },
      ],
      data.enrolments.map((row) => [row.course, row.status === 'ACTIVE' ? 'Active' : 'Disabled', row.since]),
    );

  writer.heading('Watch summary');
  if (data.lectures.length === 0) writer.note('No lecture watched yet.');
  else {
    writer.table(
      [
        { header: 'Course', width: 3 },
        { header: 'Lecture', width: 4 },
        { header: 'Length', width: 1.6, align: 'right' },
        { header: 'Watched', width: 1.6, align: 'right' },
        { header: 'Coverage', width: 1.5, align: 'right' },
        { header: 'Viewings', width: 1.4, align: 'right' },
      ],
      data.lectures.map((row) => [
        row.course,
        row.lecture,
        row.length ? minutes(row.length) : '-',
        minutes(row.watchedSeconds),
        row.coverage === null ? '-' : `${Math.round(row.coverage * 100)}%`,
        String(row.viewings),
      ]),
    );
    writer.note(
      'Coverage is the share of a lecture watched at least once: parts watched twice count once.' +
        (data.coverageByDuration
          ? ' Some viewings were recorded before the app kept which parts were played; they count by their duration.'
          : ''),
    );
  }

  writer.heading('Marks');
  if (data.marks.length === 0) writer.note('No exam submitted yet.');
  else
    writer.table(
      [
        { header: 'Course', width: 3 },
        { header: 'Exam code', width: 2 },
        { header: 'Exam', width: 3.2 },
        { header: 'MCQ', width: 1.5, align: 'right' },
        { header: 'PART II', width: 1.6, align: 'right' },
        { header: 'Total', width: 1.6, align: 'right' },
      ],
      data.marks.map((row) => [
        row.course,
        row.identifier,
        row.title,
        mark(row.mcq, 50),
        mark(row.partTwo, 100),
        `${mark(row.total, 100)}${row.unpublished ? ' *' : ''}`,
      ]),
    );
  if (data.marks.some((row) => row.unpublished)) writer.note('* Not yet published to the student.');

  if (data.feedback.length > 0) {
    writer.heading('Feedback');
    for (const item of data.feedback) {
      writer.room(40);
      writer.text(`${item.identifier}: ${item.title} (${item.course})`, { size: 10, bold: true });
      writer.text(item.text, { size: 10 });
      writer.y -= 8;
    }
  }

  return writer.finish(`Report pack: ${studentLabel(data.student)}`);
}
