import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { type CharWidth, charWidths, printable, wrapText } from '../../lib/pdf-text.js';

/**
 * A student's report pack as a PDF: pure (data in, bytes out), so the single download and the
 * course zip make the same pack, and a test can read it back. Drawn with pdf-lib's standard
 * Helvetica: no font file to ship, at the price of Latin text only (anything else prints as '?').
 */

export type PackHeader = {
  name: string;
  address: string;
  contact: string;
  logo: { bytes: Uint8Array; type: 'png' | 'jpeg' } | null;
};

export type ReportPackData = {
  student: { username: string; name: string | null };
  /** When it was made, as the reader should see it ("2026-03-02 05:30 (Asia/Colombo)"). */
  generatedAt: string;
  enrolments: { course: string; status: string; since: string }[];
  lectures: {
    course: string;
    lecture: string;
    /** Seconds; null when the lecture is gone or has no length. */
    length: number | null;
    watchedSeconds: number;
    /** 0–1; null when there is no length to measure it against. */
    coverage: number | null;
    viewings: number;
  }[];
  /** True when some coverage counted a record made before played parts were recorded (by its duration). */
  coverageByDuration: boolean;
  marks: {
    course: string;
    identifier: string;
    title: string;
    mcq: number | null;
    partTwo: number | null;
    total: number | null;
    /** Some part of it is not published to the student yet. */
    unpublished: boolean;
  }[];
  feedback: { course: string; identifier: string; title: string; text: string }[];
};

const ACCENT = rgb(12 / 255, 133 / 255, 153 / 255);
const INK = rgb(33 / 255, 37 / 255, 41 / 255);
const MUTED = rgb(110 / 255, 117 / 255, 125 / 255);
const RULE = rgb(222 / 255, 226 / 255, 230 / 255);
const STRIPE = rgb(243 / 255, 248 / 255, 249 / 255);
const WHITE = rgb(1, 1, 1);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const FOOTER = 48;

type Fonts = { regular: PDFFont; bold: PDFFont };
export type Column = { header: string; width: number; align?: 'left' | 'right' };

/** A page-by-page writer: a cursor that moves down, and a new page when what comes next does not fit. */
export class PdfWriter {
  page: PDFPage;
  y: number;
  readonly clean: (text: string) => string;
  /** Character widths by font and size, each measured once per pack. */
  private readonly widths = new Map<string, CharWidth>();

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    this.clean = printable(fonts.regular);
  }

  static async create(): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    const fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
    };
    return new PdfWriter(doc, fonts);
  }

  /** Lines of `text` (cleaned) at most `width` points wide in `font` at `size`. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const key = `${font.name} ${size}`;
    let widthOf = this.widths.get(key);
    if (!widthOf) {
      widthOf = charWidths(font, size);
      this.widths.set(key, widthOf);
    }
    return wrapText(this.clean(text), widthOf, width);
  }

  get width() {
    return A4[0] - 2 * MARGIN;
  }

  /** Starts a new page unless `needed` points still fit above the footer. */
  room(needed: number): boolean {
    if (this.y - needed >= FOOTER) return false;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    return true;
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: typeof INK; x?: number; width?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = options.x ?? MARGIN;
    const lines = this.wrap(text, font, size, options.width ?? this.width - (x - MARGIN));
    const leading = size * 1.3;
    for (const line of lines) {
      this.room(leading);
      this.y -= leading;
      this.page.drawText(line, { x, y: this.y + size * 0.25, size, font, color: options.color ?? INK });
    }
  }

  heading(text: string) {
    this.room(60);
    this.y -= 10;
    this.text(text, { size: 13, bold: true });
    this.y -= 4;
  }

  note(text: string) {
    this.text(text, { size: 9, color: MUTED });
    this.y -= 6;
  }

  rule(color = ACCENT, thickness = 1) {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + this.width, y: this.y },
      thickness,
      color,
    });
  }

  /**
   * A table under the cursor: a filled header row (repeated on each new page), striped rows, each
   * cell's text wrapped to its column (widths are shares of the page's width).
   */
  table(columns: Column[], rows: string[][]) {
    const size = 9;
    const pad = 4;
    const leading = size * 1.3;
    const totalShare = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / totalShare) * this.width);
    const drawRow = (cells: string[], header: boolean, stripe: boolean) => {
      const font = header ? this.fonts.bold : this.fonts.regular;
      const wrapped = cells.map((cell, i) => this.wrap(cell, font, size, (widths[i] ?? 0) - 2 * pad));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * leading + 2 * pad;
      const fill = header ? ACCENT : stripe ? STRIPE : undefined;
      if (fill) this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: this.width, height, color: fill });
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        const width = widths[i] ?? 0;
        lines.forEach((line, n) => {
          const lineWidth = font.widthOfTextAtSize(line, size);
          const left = columns[i]?.align === 'right' ? x + width - pad - lineWidth : x + pad;
          const baseline = this.y - pad - (n + 1) * leading + size * 0.3;
          this.page.drawText(line, { x: left, y: baseline, size, font, color: header ? WHITE : INK });
        });
        x += width;
      });
      this.y -= height;
      if (!header) this.rule(RULE, 0.5);
      return height;
    };
    const headers = columns.map((column) => column.header);
    const headerHeight = leading + 2 * pad;
    this.room(headerHeight * 2);
    drawRow(headers, true, false);
    rows.forEach((cells, index) => {
      const font = this.fonts.regular;
      const lineCount = Math.max(
        ...cells.map((cell, i) => this.wrap(cell, font, size, (widths[i] ?? 0) - 2 * pad).length),
      );
      if (this.room(lineCount * leading + 2 * pad)) drawRow(headers, true, false);
      drawRow(cells, false, index % 2 === 1);
    });
    this.y -= 14;
  }

  /** "Page 2 of 3" and the title at the foot of every page, once the page count is known. */
  async finish(footer: string): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const { regular } = this.fonts;
    pages.forEach((page, index) => {
      const number = `Page ${index + 1} of ${pages.length}`;
      page.drawText(this.clean(footer), { x: MARGIN, y: 22, size: 8, font: regular, color: MUTED });
      page.drawText(number, {
        x: A4[0] - MARGIN - regular.widthOfTextAtSize(number, 8),
        y: 22,
        size: 8,
        font: regular,
        color: MUTED,
      });
    });
    return this.doc.save();
  }
}

/** The institute's band at the top of the first page: logo at the left, name, address and contact beside it. */
async function drawInstitute(writer: PdfWriter, header: PackHeader) {
  const { page } = writer;
  page.drawRectangle({ x: 0, y: A4[1] - 8, width: A4[0], height: 8, color: ACCENT });
  let image: PDFImage | null = null;
  if (header.logo) {
    try {
      image =
        header.logo.type === 'png'
          ? await writer.doc.embedPng(header.logo.bytes)
          : await writer.doc.embedJpg(header.logo.bytes);
    } catch {
      // A logo pdf-lib cannot read (an unusual PNG flavour) leaves the header without it.
      image = null;
    }
  }
  const top = writer.y;
  let textX = MARGIN;
  let logoBottom = top;
  if (image) {
    const scale = Math.min(110 / image.width, 54 / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: MARGIN, y: top - height, width, height });
    textX = MARGIN + width + 14;
    logoBottom = top - height;
  }
  const width = writer.width - (textX - MARGIN);
  if (header.name) writer.text(header.name, { size: 14, bold: true, x: textX, width });
  if (header.address) writer.text(header.address, { size: 9, color: MUTED, x: textX, width });
  if (header.contact) writer.text(header.contact, { size: 9, color: MUTED, x: textX, width });
  writer.y = Math.min(writer.y, logoBottom) - 10;
  if (image || header.name || header.address || header.contact) {
    writer.rule(RULE, 0.5);
    writer.y -= 6;
  }
}

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
  await drawInstitute(writer, header);
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
