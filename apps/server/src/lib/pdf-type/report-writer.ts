import { PDFDocument, type PDFImage, PDFOperator, type PDFOperatorNames, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { plainRich, type RichText, richText } from './rich-text.js';
import { fill } from './texts/index.js';
import { type TextStyle, Typesetter } from './typesetter.js';

/**
 * The reports the product hands out (report packs, score and marks summaries, watch time, a
 * student's marks) written top to bottom on A4 pages in one style: the institute's band, a title,
 * headings, tables with a repeated header row, notes, and "Page 2 of 3" at the foot. User text goes
 * through the typesetter, so any script and any chemistry notation prints.
 */

/** The institute as a report heads with it. */
export type InstituteHeader = {
  name: string;
  address: string;
  contact: string;
  logo: { bytes: Uint8Array; type: 'png' | 'jpeg' } | null;
};

export const ACCENT = rgb(12 / 255, 133 / 255, 153 / 255);
export const INK = rgb(33 / 255, 37 / 255, 41 / 255);
export const MUTED = rgb(110 / 255, 117 / 255, 125 / 255);
const RULE = rgb(222 / 255, 226 / 255, 230 / 255);
const STRIPE = rgb(243 / 255, 248 / 255, 249 / 255);
const WHITE = rgb(1, 1, 1);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const FOOTER = 48;

export type Column = { header: string; width: number; align?: 'left' | 'right'; bold?: boolean };

/** Content operators given as text, added to a page as they are. */
export const rawOperator = (text: string) => PDFOperator.of('' as PDFOperatorNames, [text]);

/** A page-by-page writer: a cursor that moves down, and a new page when what comes next does not fit. */
export class PdfWriter {
  page: PDFPage;
  y: number;
  readonly type: Typesetter;

  private constructor(readonly doc: PDFDocument) {
    this.type = new Typesetter(doc);
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  static async create(): Promise<PdfWriter> {
    return new PdfWriter(await PDFDocument.create());
  }

  get width() {
    return A4[0] - 2 * MARGIN;
  }

  /** Lines of `text` (notation typeset) at most `width` points wide. */
  wrap(text: string, style: TextStyle, width: number): RichText[] {
    return this.type.wrap(richText(text), style, width);
  }

  /** Draws one line on the current page. */
  line(line: RichText | string, x: number, y: number, style: TextStyle, page = this.page) {
    const ops = this.type.lineOperators(page, line, x, y, style);
    if (ops) page.pushOperators(rawOperator(ops));
  }

  /** Starts a new page unless `needed` points still fit above the footer. */
  room(needed: number): boolean {
    if (this.y - needed >= FOOTER) return false;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    return true;
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: RGB; x?: number; width?: number } = {}) {
    const style = { size: options.size ?? 10, bold: options.bold, color: options.color ?? INK };
    const x = options.x ?? MARGIN;
    const lines = this.wrap(text, style, options.width ?? this.width - (x - MARGIN));
    const leading = style.size * 1.35;
    for (const line of lines) {
      this.room(leading);
      this.y -= leading;
      this.line(line, x, this.y + style.size * 0.25, style);
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

  /** A report's title and its details ("Student: …") under it, then the accent rule. */
  title(title: string, details: [label: string, value: string][]) {
    this.text(title, { size: 20, bold: true });
    this.y -= 6;
    for (const [label, value] of details) {
      const style = { size: 11, color: MUTED, bold: true };
      const labelWidth = 110;
      const lines = this.wrap(value, { size: 11 }, this.width - labelWidth);
      const leading = 11 * 1.45;
      this.room(leading * lines.length);
      this.y -= leading;
      this.line(`${label}:`, MARGIN, this.y + 3, style);
      lines.forEach((line, i) => {
        if (i > 0) this.y -= leading;
        this.line(line, MARGIN + labelWidth, this.y + 3, { size: 11, color: INK });
      });
    }
    this.y -= 8;
    this.rule();
    this.y -= 4;
  }

  /**
   * A table under the cursor: a filled header row (repeated on each new page), striped rows, each
   * cell's text wrapped to its column (widths are shares of the page's width).
   */
  table(columns: Column[], rows: string[][]) {
    const size = 9;
    const pad = 4;
    const leading = size * 1.45;
    const totalShare = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / totalShare) * this.width);
    const wrapRow = (cells: string[], header: boolean) =>
      cells.map((cell, i) => this.wrap(cell, { size, bold: header || columns[i]?.bold }, (widths[i] ?? 0) - 2 * pad));
    const drawRow = (wrapped: RichText[][], header: boolean, stripe: boolean) => {
      const height = Math.max(...wrapped.map((lines) => lines.length)) * leading + 2 * pad;
      const fill = header ? ACCENT : stripe ? STRIPE : undefined;
      if (fill) this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: this.width, height, color: fill });
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        const width = widths[i] ?? 0;
        const style = { size, bold: header || columns[i]?.bold, color: header ? WHITE : INK };
        lines.forEach((line, n) => {
          const lineWidth = this.type.width(line, style);
          const left = columns[i]?.align === 'right' ? x + width - pad - lineWidth : x + pad;
          const baseline = this.y - pad - (n + 1) * leading + size * 0.35;
          this.line(line, left, baseline, style);
        });
        x += width;
      });
      this.y -= height;
      if (!header) this.rule(RULE, 0.5);
      return height;
    };
    const headers = wrapRow(
      columns.map((column) => column.header),
      true,
    );
    const headerHeight = Math.max(...headers.map((lines) => lines.length)) * leading + 2 * pad;
    this.room(headerHeight * 2);
    drawRow(headers, true, false);
    rows.forEach((cells, index) => {
      const wrapped = wrapRow(cells, false);
      const lineCount = Math.max(...wrapped.map((lines) => lines.length));
      if (this.room(lineCount * leading + 2 * pad)) drawRow(headers, true, false);
      drawRow(wrapped, false, index % 2 === 1);
    });
    this.y -= 14;
  }

  /** Label and value pairs as a two-column table without a header: one part's details. */
  fields(rows: [label: string, value: string][]) {
    const size = 10;
    const pad = 5;
    const leading = size * 1.4;
    const labelWidth = 130;
    rows.forEach(([label, value], index) => {
      const labels = this.wrap(label, { size, bold: true }, labelWidth - 2 * pad);
      const values = this.wrap(value, { size }, this.width - labelWidth - 2 * pad);
      const height = Math.max(labels.length, values.length) * leading + 2 * pad;
      this.room(height);
      if (index % 2 === 0) {
        this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: this.width, height, color: STRIPE });
      }
      labels.forEach((line, n) => {
        this.line(line, MARGIN + pad, this.y - pad - (n + 1) * leading + size * 0.35, {
          size,
          bold: true,
          color: MUTED,
        });
      });
      values.forEach((line, n) => {
        this.line(line, MARGIN + labelWidth + pad, this.y - pad - (n + 1) * leading + size * 0.35, {
          size,
          color: INK,
        });
      });
      this.y -= height;
    });
    this.y -= 14;
  }

  /** The institute's band at the top of the first page: logo at the left, name, address and contact beside it. */
  async institute(header: InstituteHeader | null) {
    const { page } = this;
    page.drawRectangle({ x: 0, y: A4[1] - 8, width: A4[0], height: 8, color: ACCENT });
    if (!header) return;
    let image: PDFImage | null = null;
    if (header.logo) {
      try {
        image =
          header.logo.type === 'png'
            ? await this.doc.embedPng(header.logo.bytes)
            : await this.doc.embedJpg(header.logo.bytes);
      } catch {
        // A logo pdf-lib cannot read (an unusual PNG flavour) leaves the header without it.
        image = null;
      }
    }
    const top = this.y;
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
    const width = this.width - (textX - MARGIN);
    if (header.name) this.text(header.name, { size: 14, bold: true, x: textX, width });
    if (header.address) this.text(header.address, { size: 9, color: MUTED, x: textX, width });
    if (header.contact) this.text(header.contact, { size: 9, color: MUTED, x: textX, width });
    this.y = Math.min(this.y, logoBottom) - 10;
    if (image || header.name || header.address || header.contact) {
      this.rule(RULE, 0.5);
      this.y -= 6;
    }
  }

  /** The title at the foot of every page and "Page 2 of 3", once the page count is known; the PDF's bytes. */
  async finish(footer: string, pageOf = 'Page {{page}} of {{pages}}'): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const style = { size: 8, color: MUTED };
    const [line] = this.type.wrap(richText(footer), style, this.width - 80, 1);
    pages.forEach((page, index) => {
      const number = fill(pageOf, { page: index + 1, pages: pages.length });
      if (line) this.line(line, MARGIN, 22, style, page);
      this.line(plainRich(number), A4[0] - MARGIN - this.type.width(number, style), 22, style, page);
    });
    await this.type.finish();
    return this.doc.save();
  }
}
