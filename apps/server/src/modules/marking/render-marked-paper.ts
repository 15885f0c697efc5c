import { deflateSync } from 'node:zlib';
import type { Annotation } from '@valence/contract';
import {
  concatTransformationMatrix,
  degrees,
  fill,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  PDFDocument,
  type PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  drawRectangle as rectangleOperators,
  rgb,
  setFillingRgbColor,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from 'pdf-lib';
import { getStroke } from 'perfect-freehand';
import type { MarkedPaperInput } from '../../lib/pdf-jobs.js';
import { viewOf } from '../../lib/pdf-type/page-view.js';
import { type RichText, richText } from '../../lib/pdf-type/rich-text.js';
import { Typesetter } from '../../lib/pdf-type/typesetter.js';

export type { MarkedPaperInput, RenderableKind } from '../../lib/pdf-jobs.js';
// Kept importable from here, where the marking tests reach them.
export { viewOf };

/**
 * Draws a tutor's marking onto a student's PART II script: pure (bytes in, bytes out), so the
 * grade call, the tests and the benchmark all run the same code. Every page of the script is kept
 * (an image script becomes one page sized to the image, one point per pixel); annotations sit at
 * fractions of the page as the viewer shows it, so a rotated or cropped page puts them where the
 * tutor saw them; the first page gets a box with the marks per question and the total.
 */

const RED = rgb(0.84, 0.11, 0.11);
const BOX_FILL = rgb(1, 0.97, 0.93);
const HIGHLIGHT = rgb(1, 0.92, 0.23);
/** The feedback lines the marks box shows at most. */
const FEEDBACK_LINES = 4;
/** Lines of one text comment at most (the rest is cut, ending in an ellipsis). */
const COMMENT_LINES = 30;
/** The nearest two points of a pen stroke's outline may be, in points at A4 (see `Canvas.pen`). */
const PEN_MIN_STEP = 0.3;
/** A coordinate as a PDF content stream writes it: at most two decimals. */
const coordinate = (value: number) => String(Math.round(value * 100) / 100);

/** The script itself cannot be read (a broken or encrypted PDF, an image pdf-lib cannot decode). */
export class UnreadableScriptError extends Error {
  override readonly name = 'UnreadableScriptError';
}

/**
 * The marked paper as PDF bytes. Throws `UnreadableScriptError` when the script cannot be read (a
 * broken or encrypted PDF), and any other error when the drawing itself fails.
 */
export async function renderMarkedPaper(input: MarkedPaperInput): Promise<Uint8Array> {
  // pdf-lib reads images through a DataView of the whole ArrayBuffer: a Buffer sliced out of Node's
  // pool would be read from the pool's start.
  const script = input.script;
  const whole = script.byteOffset === 0 && script.byteLength === script.buffer.byteLength;
  input = whole ? input : { ...input, script: new Uint8Array(script) };
  let doc: PDFDocument;
  try {
    doc =
      input.kind === 'pdf'
        ? await PDFDocument.load(input.script, { updateMetadata: false })
        : await imageDocument(input);
  } catch (error) {
    throw new UnreadableScriptError(error instanceof Error ? error.message : String(error));
  }
  // Comments, labels and feedback in any script, notation typeset, in the embedded Noto fonts.
  const type = new Typesetter(doc);
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
    const canvas = new Canvas(page, type);
    for (const annotation of annotations) canvas.annotation(annotation);
    if (i === 0) canvas.marksBox(input);
    canvas.finish();
  });
  await type.finish();
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

/** A number as a mark is written: at most two decimals, no trailing zeros. */
export const markText = (value: number) => String(Math.round(value * 100) / 100);

/** Draws on one page's view; positions come as fractions from the top left, as the studio gives them. */
class Canvas {
  /** The view's size in points (see `viewOf`). */
  private readonly width: number;
  private readonly height: number;
  /** How much bigger than an A4 page this one is: sizes scale with it, so a scan at 300 dpi looks alike. */
  private readonly scale: number;
  /** The page's translucent graphics states by opacity (see `translucent`). */
  private readonly states = new Map<number, PDFName>();

  /**
   * What is drawn, as operators of the page's content (or their text), written once by `finish`:
   * pdf-lib's own drawing calls name the font and each translucent fill anew at every call (naming
   * the 40,000th line of 2,000 comments meant reading the names before it), make an object of every
   * number, and deflate the page in JavaScript.
   */
  private readonly ops: (PDFOperator | string)[] = [];

  constructor(
    private readonly page: PDFPage,
    private readonly type: Typesetter,
  ) {
    const view = viewOf(page);
    this.width = view.width;
    this.height = view.height;
    this.scale = Math.max(view.width, view.height) / 842;
    this.ops.push(pushGraphicsState(), concatTransformationMatrix(...view.matrix));
  }

  /** Adds what was drawn to the page as one content stream, deflated by zlib. */
  finish() {
    this.ops.push(popGraphicsState());
    const content = Buffer.from(`${this.ops.join('\n')}\n`, 'latin1');
    const { context } = this.page.doc;
    // Level 1: a page of pen strokes is megabytes of numbers, which the default level took ten times longer on.
    const stream = context.stream(deflateSync(content, { level: 1 }), { Filter: 'FlateDecode' });
    this.page.node.addContentStream(context.register(stream));
  }

  /** One line of text in red, its baseline starting at (x, y). */
  private line(text: RichText, x: number, y: number, size: number, bold = false) {
    const ops = this.type.lineOperators(this.page, text, x, y, { size, bold, color: RED });
    if (ops) this.ops.push(`q\n${ops}\nQ`);
  }

  /**
   * The page's graphics state of this fill opacity, made once: pdf-lib's `drawRectangle` makes one
   * per call under a new name, and naming the 2,000th meant reading the 1,999 names before it.
   */
  private translucent(opacity: number): PDFName {
    let key = this.states.get(opacity);
    if (!key) {
      key = this.page.node.newExtGState('GS', this.page.doc.context.obj({ Type: 'ExtGState', ca: opacity }));
      this.states.set(opacity, key);
    }
    return key;
  }

  /** A filled rectangle (optionally translucent) with an optional border. */
  private rectangle(
    options: { x: number; y: number; width: number; height: number; color: RGB; opacity?: number } & (
      | { borderColor: RGB; borderWidth: number }
      | { borderColor?: undefined; borderWidth?: undefined }
    ),
  ) {
    const { opacity, borderWidth = 0, ...rest } = options;
    this.ops.push(
      ...rectangleOperators({
        ...rest,
        borderColor: options.borderColor,
        borderWidth,
        rotate: degrees(0),
        xSkew: degrees(0),
        ySkew: degrees(0),
        ...(opacity === undefined ? {} : { graphicsState: this.translucent(opacity) }),
      }),
    );
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
        this.rectangle({ x, y: top - height, width, height, color: HIGHLIGHT, opacity: 0.35 });
        return;
      }
    }
  }

  /**
   * A freehand stroke, smoothed and given a pressure-like width by perfect-freehand, filled as one
   * polygon. The outline is written as text into one operator: a zigzag of 4,000 points has some
   * 75,000 outline points, which as pdf-lib operators (an object per number) took 0.5 s a stroke, and
   * spread into one `pushOperators` call overflowed the stack. Points nearer than a third of a point
   * (at A4) to the last one kept add nothing visible and are left out.
   */
  private pen(points: readonly (readonly [number, number])[], color: RGB) {
    const outline = getStroke(
      points.map(([fx, fy]) => [fx * this.width, fy * this.height]),
      { size: 2.5 * this.scale, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: true },
    );
    if (outline.length < 3) return;
    const step = PEN_MIN_STEP * this.scale;
    let path = '';
    let lastX = 0;
    let lastY = 0;
    for (const [x = 0, fromTop = 0] of outline) {
      const y = this.height - fromTop;
      if (path && Math.abs(x - lastX) < step && Math.abs(y - lastY) < step) continue;
      path += path ? `\n${coordinate(x)} ${coordinate(y)} l` : `${coordinate(x)} ${coordinate(y)} m`;
      lastX = x;
      lastY = y;
    }
    this.ops.push(
      pushGraphicsState(),
      setFillingRgbColor(color.red, color.green, color.blue),
      // The path's text, then `h` (close it).
      PDFOperator.of(PDFOperatorNames.ClosePath, [path]),
      fill(),
      popGraphicsState(),
    );
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
    this.ops.push(...ops);
  }

  /** A comment: red text wrapped in a light box whose top left is (fx, fy), moved in to stay on the page. */
  private comment(fx: number, fy: number, text: string) {
    const size = 10 * this.scale;
    const pad = 4 * this.scale;
    const maxWidth = Math.min(220 * this.scale, this.width - 2 * pad);
    const lines = this.type.wrap(richText(text), { size }, maxWidth - 2 * pad, COMMENT_LINES);
    const lineHeight = size * 1.35;
    const width = Math.max(...lines.map((line) => this.type.width(line, { size }))) + 2 * pad;
    const height = lines.length * lineHeight + 2 * pad;
    const [rawX, rawTop] = this.at(fx, fy);
    const x = Math.max(0, Math.min(rawX, this.width - width));
    const top = Math.min(this.height, Math.max(rawTop, height));
    this.box(x, top, width, height, lines, size);
  }

  /** On the first page, top right: each question's mark, the total, and the feedback's first lines. */
  marksBox(input: MarkedPaperInput) {
    if (input.total === null) return;
    const size = 11 * this.scale;
    const pad = 6 * this.scale;
    const maxWidth = Math.min(200 * this.scale, this.width - 2 * pad);
    const lines: { text: RichText; bold?: boolean }[] = [];
    if (input.questionMarks && input.scheme.length === input.questionMarks.length) {
      input.scheme.forEach((question, i) => {
        const label = `${question.label}: ${markText(input.questionMarks?.[i] ?? 0)} / ${markText(question.maxMarks)}`;
        const [first] = this.type.wrap(richText(label), { size }, maxWidth - 2 * pad, 1);
        if (first) lines.push({ text: first });
      });
    }
    lines.push({ text: richText(`Total: ${markText(input.total)} / 100`), bold: true });
    if (input.feedback?.trim()) {
      const feedback = this.type.wrap(richText(input.feedback.trim()), { size }, maxWidth - 2 * pad, FEEDBACK_LINES);
      lines.push(...feedback.map((text) => ({ text })));
    }
    const lineHeight = size * 1.4;
    const width = Math.max(...lines.map((line) => this.type.width(line.text, { size, bold: line.bold }))) + 2 * pad;
    const height = lines.length * lineHeight + 2 * pad;
    const margin = 12 * this.scale;
    const x = Math.max(0, this.width - width - margin);
    const top = this.height - margin;
    this.rectangle({
      x,
      y: top - height,
      width,
      height,
      color: rgb(1, 1, 1),
      borderColor: RED,
      borderWidth: 1.2 * this.scale,
    });
    lines.forEach((line, i) => {
      const y = top - pad - (i + 1) * lineHeight + (lineHeight - size) / 2 + size * 0.2;
      this.line(line.text, x + pad, y, size, line.bold);
    });
  }

  /** A translucent box of lines in the regular weight. */
  private box(x: number, top: number, width: number, height: number, lines: RichText[], size: number) {
    const pad = 4 * this.scale;
    const lineHeight = size * 1.35;
    this.rectangle({
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
      this.line(line, x + pad, top - pad - (i + 1) * lineHeight + size * 0.3, size);
    });
  }
}

/** `#rrggbb` or `#rgb` as a colour; anything else is the marking red. */
function parseColor(value: string | undefined): RGB {
  const hex = value?.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (!hex) return RED;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => Number.parseInt(full.slice(i, i + 2), 16) / 255;
  return rgb(channel(0), channel(2), channel(4));
}
