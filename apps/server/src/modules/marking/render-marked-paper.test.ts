import { type Annotation, MARKING_LIMITS } from '@valence/contract';
import { degrees, PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { setShaping } from '../../lib/pdf-type/typesetter.js';
import { checkPdf, REFERENCE_TOLERANCE, SCRIPTS_SAMPLE } from '../../test/pdf-render.js';
import { hexText, pageContent, scriptPdf, TINY_JPEG, whitePng } from '../../test/scripts.js';
import {
  type MarkedPaperInput,
  markText,
  renderMarkedPaper,
  UnreadableScriptError,
  viewOf,
} from './render-marked-paper.js';

const base = (script: Uint8Array, annotations: Annotation[] = []): MarkedPaperInput => ({
  script,
  kind: 'pdf',
  annotations,
  total: 72.5,
  scheme: [],
  questionMarks: null,
  feedback: null,
});

/** The x of every `m` (move to) on the page, as written in its content stream. */
const moves = (content: string) => [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) m\b/g)].map((m) => Number(m[1]));

describe('renderMarkedPaper', () => {
  it('keeps every page of a PDF script and draws a tick at x = 0.5 in the middle of its page', async () => {
    const script = await scriptPdf(2, 600, 800);
    const out = await renderMarkedPaper(
      base(script, [
        { page: 2, kind: 'tick', x: 0.5, y: 0.25 },
        { page: 9, kind: 'cross', x: 0.1, y: 0.1 },
      ]),
    );
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(1).getSize()).toEqual({ width: 600, height: 800 });
    // The tick's first point: its square's left edge (x = 300), 0.55 of its 24-point side down from
    // y = 0.25 (800 × 0.75 = 600 up), the side scaled to the page (800 / 842 of A4's long side).
    const side = (24 * 800) / 842;
    const second = await pageContent(out, 1);
    expect(moves(second)[0]).toBe(300);
    const y = Number(second.match(/300 (-?[\d.]+) m/)?.[1]);
    expect(y).toBeCloseTo(600 - 0.55 * side, 3);
    // Ticks and crosses are drawn with round caps; page 1 has none (page 9 does not exist).
    expect(second).toMatch(/\b1 J\b/);
    expect(await pageContent(out, 0)).not.toMatch(/\b1 J\b/);
  });

  it('writes the marks per question and the total on the first page, with the feedback', async () => {
    const out = await renderMarkedPaper({
      ...base(await scriptPdf(1)),
      scheme: [
        { label: 'Q1', maxMarks: 40 },
        { label: 'Q2', maxMarks: 60 },
      ],
      questionMarks: [30, 42.5],
      feedback: 'Good work on kinetics.\nRevise equilibria.',
    });
    const content = await pageContent(out, 0);
    for (const line of ['Q1: 30 / 40', 'Q2: 42.5 / 60', 'Total: 72.5 / 100', 'Revise equilibria.']) {
      expect(content).toContain(`<${hexText(line)}>`);
    }
  });

  it('smooths a pen stroke into one filled polygon, boxes a comment and highlights translucently', async () => {
    const out = await renderMarkedPaper(
      base(await scriptPdf(1, 600, 800), [
        {
          page: 1,
          kind: 'pen',
          x: 0.2,
          y: 0.2,
          points: [
            [0.2, 0.2],
            [0.3, 0.25],
            [0.4, 0.2],
          ],
          color: '#0000ff',
        },
        { page: 1, kind: 'text', x: 0.95, y: 0.5, text: 'Balance the equation — සිංහල' },
        { page: 1, kind: 'highlight', x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
      ]),
    );
    const content = await pageContent(out, 0);
    expect(content).toMatch(/0 0 1 rg\n[\d.]+ [\d.]+ m(\n[\d.]+ [\d.]+ l)+ h\nf/);
    // Sinhala is written as typed (no '?'), and the box stays on the page.
    expect(content).toContain(`<${hexText('Balance the equation — සිංහල')}>`);
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(1);
    expect(content).toMatch(/\/GS-?\w* gs/);
  });

  it('makes each picture script one page its size', async () => {
    for (const [kind, script, size] of [
      ['png', whitePng(300, 420), { width: 300, height: 420 }],
      ['jpg', TINY_JPEG, { width: 4, height: 3 }],
    ] as const) {
      const out = await renderMarkedPaper({ ...base(script, [{ page: 1, kind: 'tick', x: 0.5, y: 0.5 }]), kind });
      const doc = await PDFDocument.load(out);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getPage(0).getSize()).toEqual(size);
    }
  });

  it('draws in the page as shown: a rotated page’s view is turned, a cropped one offset', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 800]);
    expect(viewOf(page)).toEqual({ width: 600, height: 800, matrix: [1, 0, 0, 1, 0, 0] });
    page.setRotation(degrees(90));
    const turned = viewOf(page);
    expect([turned.width, turned.height]).toEqual([800, 600]);
    // The view's top left (0, 600) is the page's bottom left (0, 0) turned a quarter clockwise.
    const [a, b, c, d, e, f] = turned.matrix;
    expect([a * 0 + c * 600 + e, b * 0 + d * 600 + f]).toEqual([0, 0]);
    page.setRotation(degrees(0));
    page.setCropBox(50, 100, 500, 600);
    expect(viewOf(page)).toEqual({ width: 500, height: 600, matrix: [1, 0, 0, 1, 50, 100] });
  });

  it('refuses bytes that are no PDF as an unreadable script', async () => {
    await expect(renderMarkedPaper(base(new TextEncoder().encode('not a pdf')))).rejects.toBeInstanceOf(
      UnreadableScriptError,
    );
  });

  it('draws every pen stroke the limits allow: 4,000 random points, one point, one point 4,000 times', async () => {
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const most = MARKING_LIMITS.pointsPerStroke;
    const strokes: [number, number][][] = [
      Array.from({ length: most }, () => [random(), random()]),
      [[0.5, 0.5]],
      Array.from({ length: most }, () => [1, 0]),
      Array.from({ length: most }, (_, i) => [i % 2, (i >> 1) % 2]),
    ];
    const out = await renderMarkedPaper(
      base(
        await scriptPdf(1),
        strokes.map((points) => ({ page: 1, kind: 'pen', x: 0, y: 0, points })),
      ),
    );
    const content = await pageContent(out, 0);
    // The random stroke is one filled path of thousands of segments (some 75,000 outline points,
    // those a third of a point from the last one kept left out).
    const paths = [...content.matchAll(/ m((?:\n-?[\d.]+ -?[\d.]+ l)*) h\nf/g)].map(
      (m) => (m[1] ?? '').split('\n').length - 1,
    );
    expect(paths.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...paths)).toBeGreaterThan(most);
  });

  it('cuts the worst text the limits allow: 10,000 letters of feedback to 4 lines, a comment to 30', async () => {
    const out = await renderMarkedPaper({
      ...base(await scriptPdf(1), [
        { page: 1, kind: 'text', x: 0.1, y: 0.1, text: 'W'.repeat(MARKING_LIMITS.textMax) },
      ]),
      feedback: 'M'.repeat(10_000),
    });
    const shown = [...(await pageContent(out, 0)).matchAll(/\/ActualText <FEFF([0-9A-F]*)>/g)].map((m) =>
      Buffer.from(m[1] ?? '', 'hex')
        .swap16()
        .toString('utf16le'),
    );
    const feedback = shown.filter((line) => line.startsWith('M'));
    const comment = shown.filter((line) => line.startsWith('W'));
    expect(feedback).toHaveLength(4);
    expect(comment).toHaveLength(30);
    for (const lines of [feedback, comment]) expect(lines.at(-1)).toMatch(/\.\.\.$/);
  });

  it('writes marks with two decimals at most', () => {
    expect([markText(72.5), markText(8), markText(33.333)]).toEqual(['72.5', '8', '33.33']);
  });

  describe('in every script', () => {
    afterEach(() => setShaping(true));
    const { sinhalaName, tamilComment, title, titleText } = SCRIPTS_SAMPLE;
    const input = async (): Promise<MarkedPaperInput> => ({
      ...base(await scriptPdf(1, 595, 842), [
        { page: 1, kind: 'text', x: 0.08, y: 0.15, text: tamilComment },
        { page: 1, kind: 'text', x: 0.08, y: 0.22, text: `${sinhalaName}: ${title}` },
      ]),
      scheme: [{ label: title, maxMarks: 100 }],
      questionMarks: [72.5],
      feedback: `${sinhalaName} — ${tamilComment}`,
    });
    /** The two comments at 100 dpi. */
    const region = { name: 'marked-paper', dpi: 100, x: 50, y: 160, width: 420, height: 150 };

    it('draws a Tamil comment, a Sinhala name and typeset notation in the comments and the marks box', async () => {
      const pdf = await renderMarkedPaper(await input());
      const { differing } = await checkPdf(pdf, [sinhalaName, tamilComment, titleText, 'Total: 72.5 / 100'], region);
      expect(differing).toBeLessThanOrEqual(REFERENCE_TOLERANCE);
    });

    it('differs from the reference when shaping is off', async () => {
      setShaping(false);
      const { differing } = await checkPdf(await renderMarkedPaper(await input()), [tamilComment], region);
      expect(differing).toBeGreaterThan(4 * REFERENCE_TOLERANCE);
    });
  });
});
