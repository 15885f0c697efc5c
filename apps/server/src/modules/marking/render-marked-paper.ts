import type { Annotation, MarkScheme } from '@valence/contract';
import {
  closePath,
  concatTransformationMatrix,
  fill,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  PDFDocument,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rgb,
  StandardFonts,
  setFillingRgbColor,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from 'pdf-lib';
import { getStroke } from 'perfect-freehand';

/**
 * Draws a tutor's marking onto a student's PART II script: pure (bytes in, bytes out), so the
 * grade call, the tests and the benchmark all run the same code. Every page of the script is kept
 * (an image script becomes one page sized to the image, one point per pixel); annotations sit at
 * fractions of the page as the viewer shows it, so a rotated or cropped page puts them where the
 * tutor saw them; the first page gets a box with the marks per question and the total.
 */

/** The script kinds that can be drawn on; a Word document cannot. */
export type RenderableKind = 'pdf' | 'jpg' | 'png';

export type MarkedPaperInput = {
  script: Uint8Array;
  kind: RenderableKind;
  annotations: readonly Annotation[];
  /** The score out of 100 (null: none yet). */
  total: number | null;
  /** The exam's mark scheme and the script's mark per question (null: scored as a whole). */
  scheme: MarkScheme;
  questionMarks: readonly number[] | null;
  feedback: string | null;
};

const RED = rgb(0.84, 0.11, 0.11);
const BOX_FILL = rgb(1, 0.97, 0.93);
const HIGHLIGHT = rgb(1, 0.92, 0.23);
/** The feedback lines the marks box shows at most. */
const FEEDBACK_LINES = 4;
/** Lines of one text comment at most (the rest is cut, ending in an ellipsis). */
const COMMENT_LINES = 30;

/** The marked paper as PDF bytes. Throws when the script cannot be read (a broken or encrypted PDF). */
export async function renderMarkedPaper(input: MarkedPaperInput): Promise<Uint8Array> {
  // pdf-lib reads images through a DataView of the whole ArrayBuffer: a Buffer sliced out of Node's
  // pool would be read from the pool's start.
  const script = input.script;
  const whole = script.byteOffset === 0 && script.byteLength === script.buffer.byteLength;
  input = whole ? input : { ...input, script: new Uint8Array(script) };
  const doc =
    input.kind === 'pdf' ? await PDFDocument.load(input.script, { updateMetadata: false }) : await imageDocument(input);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = doc.getPages();
  const byPage = new Map<number, Annotation[]>();
  for (const annotation of input.annotations) {
    const list = byPage.get(annotation.page);
    if (list) list.push(annotation);
    else byPage.set(annotation.page, [annotation]);
  }
  pages.forEach((page, i) => {
    const annotations = byPage.get(i + 1) ?? [];
    if (annotations.length === 0 && i > 0) return;
    const view = viewOf(page);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...view.matrix));
    const canvas = new Canvas(page, view.width, view.height, font, bold);
    for (const annotation of annotations) canvas.annotation(annotation);
    if (i === 0) canvas.marksBox(input);
    page.pushOperators(popGraphicsState());
  });
  return doc.save({ useObjectStreams: false });
}

/** An image script as a one-page PDF, the page the image's size. */
async function imageDocument(input: MarkedPaperInput): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const image = input.kind === 'png' ? await doc.embedPng(input.script) : await doc.embedJpg(input.script);
  const page = doc.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  return doc;
}

type Matrix = [number, number, number, number, number, number];

/**
 * The page as a viewer shows it: its crop box, turned by its /Rotate. Drawing happens in that
 * view's own space (origin bottom left, y up, `width` × `height` points); `matrix` takes it to
 * the page's space.
 */
export function viewOf(page: PDFPage): { width: number; height: number; matrix: Matrix } {
  const { x, y, width: w, height: h } = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  switch (rotation) {
    case 90:
      return { width: h, height: w, matrix: [0, 1, -1, 0, x + w, y] };
    case 180:
      return { width: w, height: h, matrix: [-1, 0, 0, -1, x + w, y + h] };
    case 270:
      return { width: h, height: w, matrix: [0, -1, 1, 0, x, y + h] };
    default:
      return { width: w, height: h, matrix: [1, 0, 0, 1, x, y] };
  }
}

/** A number as a mark is written: at most two decimals, no trailing zeros. */
export const markText = (value: number) => String(Math.round(value * 100) / 100);

/** Draws on one page's view; positions come as fractions from the top left, as the studio gives them. */
class Canvas {
  /** How much bigger than an A4 page this one is: sizes scale with it, so a scan at 300 dpi looks alike. */
  private readonly scale: number;

  constructor(
    private readonly page: PDFPage,
    private readonly width: number,
    private readonly height: number,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.scale = Math.max(width, height) / 842;
  }

  /** From the studio's fractions (y down) to the view's points (y up). */
  private at(fx: number, fy: number): [number, number] {
    return [fx * this.width, (1 - fy) * this.height];
  }

  annotation(annotation: Annotation) {
    switch (annotation.kind) {
      case 'pen':
        return this.pen(annotation.points, parseColor(annotation.color));
      case 'tick':
        return this.polyline(annotation.x, annotation.y, [
          [0, 0.55],
          [0.35, 1],
          [1, 0],
        ]);
      case 'cross':
        this.polyline(annotation.x, annotation.y, [
          [0, 0],
          [1, 1],
        ]);
        return this.polyline(annotation.x, annotation.y, [
          [1, 0],
          [0, 1],
        ]);
      case 'text':
        return this.comment(annotation.x, annotation.y, annotation.text);
      case 'highlight': {
        const [x, top] = this.at(annotation.x, annotation.y);
        const width = Math.min(annotation.w, 1 - annotation.x) * this.width;
        const height = Math.min(annotation.h, 1 - annotation.y) * this.height;
        this.page.drawRectangle({ x, y: top - height, width, height, color: HIGHLIGHT, opacity: 0.35 });
        return;
      }
    }
  }

  /** A freehand stroke, smoothed and given a pressure-like width by perfect-freehand, filled as one polygon. */
  private pen(points: readonly (readonly [number, number])[], color: RGB) {
    const outline = getStroke(
      points.map(([fx, fy]) => [fx * this.width, fy * this.height]),
      { size: 2.5 * this.scale, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: true },
    );
    if (outline.length < 3) return;
    const ops: PDFOperator[] = [pushGraphicsState(), setFillingRgbColor(color.red, color.green, color.blue)];
    outline.forEach(([x = 0, y = 0], i) => {
      ops.push(i === 0 ? moveTo(x, this.height - y) : lineTo(x, this.height - y));
    });
    ops.push(closePath(), fill(), popGraphicsState());
    this.page.pushOperators(...ops);
  }

  /** A red mark (tick, cross) in a square of side 24 (A4) points whose top left is (fx, fy). */
  private polyline(fx: number, fy: number, shape: [number, number][]) {
    const side = 24 * this.scale;
    const [left, top] = this.at(fx, fy);
    const ops: PDFOperator[] = [
      pushGraphicsState(),
      setStrokingRgbColor(RED.red, RED.green, RED.blue),
      setLineWidth(2.5 * this.scale),
      setLineCap(LineCapStyle.Round),
      setLineJoin(LineJoinStyle.Round),
    ];
    shape.forEach(([dx, dy], i) => {
      const x = left + dx * side;
      const y = top - dy * side;
      ops.push(i === 0 ? moveTo(x, y) : lineTo(x, y));
    });
    ops.push(stroke(), popGraphicsState());
    this.page.pushOperators(...ops);
  }

  /** A comment: red text wrapped in a light box whose top left is (fx, fy), moved in to stay on the page. */
  private comment(fx: number, fy: number, text: string) {
    const size = 10 * this.scale;
    const pad = 4 * this.scale;
    const maxWidth = Math.min(220 * this.scale, this.width - 2 * pad);
    const lines = wrap(writable(this.font, text), this.font, size, maxWidth - 2 * pad, COMMENT_LINES);
    const lineHeight = size * 1.25;
    const width = Math.max(...lines.map((line) => this.font.widthOfTextAtSize(line, size))) + 2 * pad;
    const height = lines.length * lineHeight + 2 * pad;
    const [rawX, rawTop] = this.at(fx, fy);
    const x = Math.max(0, Math.min(rawX, this.width - width));
    const top = Math.min(this.height, Math.max(rawTop, height));
    this.box(x, top, width, height, lines, size, this.font);
  }

  /** On the first page, top right: each question's mark, the total, and the feedback's first lines. */
  marksBox(input: MarkedPaperInput) {
    if (input.total === null) return;
    const size = 11 * this.scale;
    const pad = 6 * this.scale;
    const maxWidth = Math.min(200 * this.scale, this.width - 2 * pad);
    const lines: { text: string; bold?: boolean }[] = [];
    if (input.questionMarks && input.scheme.length === input.questionMarks.length) {
      input.scheme.forEach((question, i) => {
        const label = writable(this.font, question.label);
        lines.push({ text: `${label}: ${markText(input.questionMarks?.[i] ?? 0)} / ${markText(question.maxMarks)}` });
      });
    }
    lines.push({ text: `Total: ${markText(input.total)} / 100`, bold: true });
    if (input.feedback?.trim()) {
      const feedback = wrap(
        writable(this.font, input.feedback.trim()),
        this.font,
        size,
        maxWidth - 2 * pad,
        FEEDBACK_LINES,
      );
      lines.push(...feedback.map((text) => ({ text })));
    }
    const lineHeight = size * 1.3;
    const width =
      Math.max(...lines.map((line) => (line.bold ? this.bold : this.font).widthOfTextAtSize(line.text, size))) +
      2 * pad;
    const height = lines.length * lineHeight + 2 * pad;
    const margin = 12 * this.scale;
    const x = Math.max(0, this.width - width - margin);
    const top = this.height - margin;
    this.page.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      color: rgb(1, 1, 1),
      borderColor: RED,
      borderWidth: 1.2 * this.scale,
    });
    lines.forEach((line, i) => {
      this.page.drawText(line.text, {
        x: x + pad,
        y: top - pad - (i + 1) * lineHeight + (lineHeight - size) / 2 + size * 0.2,
        size,
        font: line.bold ? this.bold : this.font,
        color: RED,
      });
    });
  }

  private box(x: number, top: number, width: number, height: number, lines: string[], size: number, font: PDFFont) {
    const pad = 4 * this.scale;
    const lineHeight = size * 1.25;
    this.page.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      color: BOX_FILL,
      opacity: 0.92,
      borderColor: RED,
      borderWidth: 0.6 * this.scale,
    });
    lines.forEach((line, i) => {
      this.page.drawText(line, {
        x: x + pad,
        y: top - pad - (i + 1) * lineHeight + size * 0.3,
        size,
        font,
        color: RED,
      });
    });
  }
}

/**
 * The text as the standard font can write it: the built-in fonts know only Latin-1-like letters
 * (WinAnsi), so any other character (Sinhala, Tamil, emoji) becomes '?' rather than failing the save.
 */
function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    out += char === '\n' || known.has(code) ? char : '?';
  }
  return out;
}

/** Words into lines no wider than `width` (a word longer than a line is cut); past `maxLines`, cut with "...". */
export function wrap(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (!fits(rest) && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
    if (lines.length > maxLines) break;
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}...`;
  return kept;
}

/** `#rrggbb` or `#rgb` as a colour; anything else is the marking red. */
function parseColor(value: string | undefined): RGB {
  const hex = value?.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (!hex) return RED;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => Number.parseInt(full.slice(i, i + 2), 16) / 255;
  return rgb(channel(0), channel(2), channel(4));
}
