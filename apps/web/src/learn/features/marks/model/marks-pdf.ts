import { formatInTimeZone, type MyMarksRow } from '@valence/contract';
import { formatScore, marksFileName, NO_SCORE, partCell, partialTotalNote } from './format';

/** The school's teal, as on the reports tutors hand out, so the two look like one school's papers. */
const ACCENT: [number, number, number] = [12, 133, 153];
const INK: [number, number, number] = [33, 37, 41];
const MUTED: [number, number, number] = [110, 117, 125];
const MARGIN = 40;

export type MarksPdfInput = { username: string; timeZone: string; rows: MyMarksRow[]; now?: Date };
/** Makes the PDF and hands it to the browser as a download; the page takes another in tests. */
export type WriteMarksPdf = (input: MarksPdfInput) => Promise<void>;

/**
 * My marks as a one-table PDF made on the phone. jsPDF and its table plugin load only when asked
 * for, so they never weigh on the app's first load.
 */
export async function buildMarksPdf({ username, timeZone, rows, now = new Date() }: MarksPdfInput) {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();

  doc.setFillColor(...ACCENT).rect(0, 0, width, 8, 'F');
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(20)
    .setTextColor(...INK)
    .text('My marks', MARGIN, 52);
  let y = 78;
  const details: [string, string][] = [
    ['Student', username],
    ['Exams', String(rows.length)],
    ['Generated', `${formatInTimeZone(now.toISOString(), timeZone)} (${timeZone})`],
  ];
  doc.setFontSize(11);
  for (const [label, value] of details) {
    doc
      .setFont('helvetica', 'bold')
      .setTextColor(...MUTED)
      .text(`${label}:`, MARGIN, y);
    doc
      .setFont('helvetica', 'normal')
      .setTextColor(...INK)
      .text(value, MARGIN + 90, y);
    y += 17;
  }
  doc
    .setDrawColor(...ACCENT)
    .setLineWidth(1)
    .line(MARGIN, y, width - MARGIN, y);

  autoTable(doc, {
    theme: 'grid',
    startY: y + 20,
    margin: { left: MARGIN, right: MARGIN, bottom: 48 },
    styles: { fontSize: 10, cellPadding: 6, textColor: INK, lineColor: [222, 226, 230], lineWidth: 0.5 },
    headStyles: { fillColor: ACCENT, textColor: 255, fontStyle: 'bold' },
    alternateRowStyles: { fillColor: [243, 248, 249] },
    head: [['Exam', 'MCQ (/ 50)', 'PART II (/ 100)', 'Grade', 'Total (/ 100)']],
    body: rows.map((row) => {
      const note = partialTotalNote(row);
      const total = formatScore(row.combinedTotalScore);
      return [
        row.examIdentifier,
        partCell(row.mcq, 50),
        partCell(row.partTwo, 100),
        row.partTwo?.grade ?? NO_SCORE,
        note && total !== NO_SCORE ? `${total} (${note})` : total,
      ];
    }),
    columnStyles: { 4: { fontStyle: 'bold' } },
  });

  const end = (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? y;
  const note = doc
    .setFont('helvetica', 'normal')
    .setFontSize(9)
    .splitTextToSize(
      'MCQ is marked out of 50 and PART II out of 100; the total is the MCQ mark plus half of the PART II mark, out of 100. Marks show once your tutor publishes them.',
      width - 2 * MARGIN,
    );
  // The note goes under the table, or atop a new page when the table ends too low for it.
  let noteY = end + 20;
  if (noteY + note.length * 12 > height - 40) {
    doc.addPage();
    noteY = MARGIN;
  }
  doc.setTextColor(...MUTED).text(note, MARGIN, noteY);
  return doc;
}

/** Builds the PDF and saves it as `my_marks_{username}.pdf`. */
export const downloadMarksPdf: WriteMarksPdf = async (input) => {
  const doc = await buildMarksPdf(input);
  doc.save(marksFileName(input.username));
};
