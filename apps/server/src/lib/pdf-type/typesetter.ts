import { Buffer as HbBuffer, shape } from 'harfbuzzjs';
import { type PDFDocument, PDFHexString, type PDFName, type PDFPage, type PDFRef, type RGB } from 'pdf-lib';
import { type FaceName, type LoadedFace, face as loadFace } from './fonts.js';
import { concatRich, plainRich, type RichText, richText, sliceRich } from './rich-text.js';

/**
 * Text into a PDF made with pdf-lib, in every script the product's users write: each run of one
 * font is shaped by HarfBuzz (Sinhala vowel signs and conjuncts, Tamil ligatures, Latin kerning)
 * and drawn by glyph id from a subset of the font embedded in the document (a Type0 font, CIDs =
 * the subset's glyph ids). What a reader copies comes back as typed: each line is marked with its
 * text (ActualText), and the font's ToUnicode map gives each glyph the characters of its cluster.
 * A character no font has is drawn as the font's missing-glyph box, never left out.
 */

export type TextStyle = { size: number; bold?: boolean; color?: RGB };

/** Raised and lowered runs: their size and baseline shift, as shares of the line's size. */
const SHIFTED_SIZE = 0.7;
const RAISE = 0.36;
const LOWER = -0.16;

type Glyph = { gid: number; cluster: number; ax: number; dx: number; dy: number };
type Shaped = { glyphs: Glyph[]; width: number };
/** A piece of a line in one face and one shift, shaped. */
type Piece = { face: LoadedFace; shift: number; text: string; shaped: Shaped };

const SINHALA = /[\u0D80-\u0DFF]/u;
const TAMIL = /[\u0B80-\u0BFF]/u;
/** Characters that belong with the one before them: marks, joiners, variation selectors. */
const JOINS = /\p{M}|\u200C|\u200D|[\uFE00-\uFE0F]/u;

/** Whether shaping is on (a test turns it off to show the reference images catch broken shaping). */
let shapingOn = true;
export function setShaping(on: boolean) {
  shapingOn = on;
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Whether every character of `text` stands alone (below U+0300, where combining marks begin): each is a grapheme. */
function isSimple(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x300) return false;
  return true;
}

/** Where each grapheme of `text` starts and its length; the segmenter only where it is needed (it is slow). */
function* graphemes(text: string): Generator<[number, number]> {
  if (isSimple(text)) {
    for (let i = 0; i < text.length; i++) yield [i, 1];
    return;
  }
  for (const { index, segment } of GRAPHEMES.segment(text)) yield [index, segment.length];
}

let buffer: HbBuffer | null = null;
const shapedCache = new Map<string, Shaped>();

/** A run of one face shaped by HarfBuzz, in font units; kept, since tables repeat titles. */
function shapeRun(face: LoadedFace, text: string): Shaped {
  const key = `${face.name}\u0000${shapingOn ? 1 : 0}\u0000${text}`;
  const kept = shapedCache.get(key);
  if (kept) return kept;
  let glyphs: Glyph[];
  if (shapingOn) {
    buffer ??= new HbBuffer();
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    shape(face.hb, buffer);
    glyphs = buffer.getGlyphInfosAndPositions().map((g) => ({
      gid: g.codepoint,
      cluster: g.cluster,
      ax: g.xAdvance ?? 0,
      dx: g.xOffset ?? 0,
      dy: g.yOffset ?? 0,
    }));
  } else {
    // Each character's own glyph, side by side: what a writer without shaping draws.
    glyphs = [];
    let at = 0;
    for (const char of text) {
      const glyph = face.fontkit.glyphForCodePoint(char.codePointAt(0) ?? 0);
      glyphs.push({ gid: glyph.id, cluster: at, ax: glyph.advanceWidth, dx: 0, dy: 0 });
      at += char.length;
    }
  }
  const shaped = { glyphs, width: glyphs.reduce((sum, g) => sum + g.ax, 0) };
  if (shapedCache.size > 20_000) shapedCache.clear();
  shapedCache.set(key, shaped);
  return shaped;
}

function faceName(codePoint: number, bold: boolean, previous: FaceName | null): FaceName {
  const char = String.fromCodePoint(codePoint);
  const weight = (name: 'latin' | 'sinhala' | 'tamil'): FaceName => (bold ? `${name}-bold` : name);
  if (SINHALA.test(char)) return weight('sinhala');
  if (TAMIL.test(char)) return weight('tamil');
  if (previous && (JOINS.test(char) || char === ' ')) return previous;
  if (loadFace(weight('latin')).has(codePoint)) return weight('latin');
  if (loadFace('math').has(codePoint)) return 'math';
  for (const name of ['sinhala', 'tamil'] as const) if (loadFace(weight(name)).has(codePoint)) return weight(name);
  // No font has it: the Latin font's missing-glyph box stands for it.
  return weight('latin');
}

/** A line split into pieces of one face and one shift, each shaped. */
function pieces(line: RichText, bold: boolean): Piece[] {
  const out: Piece[] = [];
  let current: { face: FaceName; shift: number; start: number } | null = null;
  let i = 0;
  const close = (end: number) => {
    if (!current || end <= current.start) return;
    const face = loadFace(current.face);
    const text = line.text.slice(current.start, end);
    out.push({ face, shift: current.shift, text, shaped: shapeRun(face, text) });
  };
  while (i < line.text.length) {
    const codePoint = line.text.codePointAt(i) ?? 0;
    const size = codePoint > 0xffff ? 2 : 1;
    const shift = line.shifts[i] ?? 0;
    const name = faceName(codePoint, bold, current?.face ?? null);
    if (!current || current.face !== name || current.shift !== shift) {
      close(i);
      current = { face: name, shift, start: i };
    }
    i += size;
  }
  close(line.text.length);
  return out;
}

const pieceSize = (piece: Piece, size: number) => (piece.shift === 0 ? size : size * SHIFTED_SIZE);

/** Width of rich text at `size`, in points. */
function widthOf(line: RichText, style: TextStyle): number {
  let width = 0;
  for (const piece of pieces(line, !!style.bold)) {
    width += (piece.shaped.width * pieceSize(piece, style.size)) / piece.face.unitsPerEm;
  }
  return width;
}

/** A face's subset in one document: glyphs renumbered as they are first used, and their text. */
type EmbeddedFace = {
  ref: PDFRef;
  subset: ReturnType<LoadedFace['fontkit']['createSubset']>;
  ids: Map<number, number>;
  widths: Map<number, number>;
  unicode: Map<number, string>;
};

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const utf16Hex = (text: string) => {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
};
const num = (value: number) => String(Math.round(value * 1000) / 1000);

/** Draws and measures text for one PDF document; `finish` writes the fonts before the document is saved. */
export class Typesetter {
  private readonly faces = new Map<FaceName, EmbeddedFace>();
  private readonly pageFonts = new WeakMap<PDFPage, Map<FaceName, PDFName>>();
  private readonly widthCache = new Map<string, number>();

  constructor(private readonly doc: PDFDocument) {}

  /** User text with its notation typeset (`richText`). */
  rich(text: string): RichText {
    return richText(text);
  }

  /** Width of `text` (rich or plain) in points. */
  width(text: RichText | string, style: TextStyle): number {
    const rich = typeof text === 'string' ? plainRich(text) : text;
    const shifted = rich.shifts.some((shift) => shift !== 0);
    const key = `${style.bold ? 1 : 0}\u0000${rich.text}${shifted ? `\u0000${rich.shifts.join('')}` : ''}`;
    let units = this.widthCache.get(key);
    if (units === undefined) {
      units = widthOf(rich, { size: 1000, bold: style.bold });
      if (this.widthCache.size > 20_000) this.widthCache.clear();
      this.widthCache.set(key, units);
    }
    return (units * style.size) / 1000;
  }

  /**
   * Words into lines no wider than `width`: each paragraph ('\n') starts a line; a word wider than
   * a line is cut between its characters (graphemes, so a vowel sign stays with its letter). Past
   * `maxLines` the rest is cut and the last line kept ends in "...".
   */
  wrap(text: RichText, style: TextStyle, width: number, maxLines = Number.POSITIVE_INFINITY): RichText[] {
    const lines: RichText[] = [];
    const full = () => lines.length > maxLines;
    const space = this.width(' ', style);
    let offset = 0;
    for (const paragraphText of text.text.split('\n')) {
      const paragraph = sliceRich(text, offset, offset + paragraphText.length);
      offset += paragraphText.length + 1;
      let line: RichText | null = null;
      let lineWidth = 0;
      const words: RichText[] = [];
      const re = /[^ ]+/g;
      for (let m = re.exec(paragraph.text); m; m = re.exec(paragraph.text)) {
        words.push(sliceRich(paragraph, m.index, m.index + m[0].length));
      }
      for (const word of words) {
        const wordWidth = this.width(word, style);
        if (line && lineWidth + space + wordWidth <= width) {
          line = concatRich(line, plainRich(' '), word);
          lineWidth += space + wordWidth;
          continue;
        }
        if (line) lines.push(line);
        if (full()) break;
        if (wordWidth <= width) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        // Too wide for any line: cut between graphemes where the next would overflow (one at least).
        let from = 0;
        let cutWidth = 0;
        for (const [index, length] of graphemes(word.text)) {
          if (full()) break;
          const w = this.width(sliceRich(word, index, index + length), style);
          if (index > from && cutWidth + w > width) {
            lines.push(sliceRich(word, from, index));
            from = index;
            cutWidth = 0;
          }
          cutWidth += w;
        }
        line = full() ? null : sliceRich(word, from);
        lineWidth = cutWidth;
      }
      if (full()) break;
      lines.push(line ?? plainRich(''));
      if (full()) break;
    }
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = concatRich(kept[maxLines - 1] ?? plainRich(''), plainRich('...'));
    return kept;
  }

  private embedded(face: LoadedFace): EmbeddedFace {
    let found = this.faces.get(face.name);
    if (!found) {
      const subset = evenGlyphs(face.fontkit.createSubset());
      found = {
        ref: this.doc.context.nextRef(),
        subset,
        ids: new Map([[0, 0]]),
        widths: new Map(),
        unicode: new Map(),
      };
      found.widths.set(0, face.fontkit.getGlyph(0).advanceWidth);
      this.faces.set(face.name, found);
    }
    return found;
  }

  private fontKey(page: PDFPage, face: LoadedFace): PDFName {
    let keys = this.pageFonts.get(page);
    if (!keys) {
      keys = new Map();
      this.pageFonts.set(page, keys);
    }
    let key = keys.get(face.name);
    if (!key) {
      key = page.node.newFontDictionary(`Noto-${face.name}`, this.embedded(face).ref);
      keys.set(face.name, key);
    }
    return key;
  }

  /**
   * The content operators (as text) drawing one line with its baseline starting at (x, y), marked
   * with the text it stands for. The caller adds them to `page`'s content.
   */
  lineOperators(page: PDFPage, line: RichText | string, x: number, y: number, style: TextStyle): string {
    const rich = typeof line === 'string' ? plainRich(line) : line;
    if (!rich.text.trim()) return '';
    const color = style.color ?? { red: 0, green: 0, blue: 0 };
    const ops: string[] = [
      `/Span <</ActualText ${PDFHexString.fromText(rich.actual).toString()}>> BDC`,
      'BT',
      `${num(color.red)} ${num(color.green)} ${num(color.blue)} rg`,
    ];
    let penX = x;
    for (const piece of pieces(rich, !!style.bold)) {
      const size = pieceSize(piece, style.size);
      const baseline = y + (piece.shift === 0 ? 0 : (piece.shift > 0 ? RAISE : LOWER) * style.size);
      const scale = size / piece.face.unitsPerEm;
      const embedded = this.embedded(piece.face);
      ops.push(`${this.fontKey(page, piece.face)} ${num(size)} Tf`);
      // The characters each glyph stands for: its cluster's, given to the cluster's first glyph.
      const starts = [...new Set(piece.shaped.glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
      const clusterText = (cluster: number) => {
        const next = starts.find((start) => start > cluster) ?? piece.text.length;
        return piece.text.slice(cluster, next);
      };
      let run: string[] = [];
      let runStart = true;
      const flush = () => {
        if (run.length) ops.push(`[${run.join(' ')}] TJ`);
        run = [];
      };
      let previousCluster = -1;
      for (const glyph of piece.shaped.glyphs) {
        let id = embedded.ids.get(glyph.gid);
        if (id === undefined) {
          id = embedded.subset.includeGlyph(glyph.gid);
          embedded.ids.set(glyph.gid, id);
          embedded.widths.set(id, piece.face.fontkit.getGlyph(glyph.gid).advanceWidth);
        }
        if (glyph.cluster !== previousCluster && !embedded.unicode.has(id) && glyph.gid !== 0) {
          embedded.unicode.set(id, clusterText(glyph.cluster));
        }
        previousCluster = glyph.cluster;
        const offset = glyph.dx !== 0 || glyph.dy !== 0;
        if (offset || runStart) {
          flush();
          ops.push(`1 0 0 1 ${num(penX + glyph.dx * scale)} ${num(baseline + glyph.dy * scale)} Tm`);
        }
        run.push(`<${hex4(id)}>`);
        // The font's own advance moves the pen; the difference to HarfBuzz's is written after it.
        const drawn = embedded.widths.get(id) ?? 0;
        const adjust = ((drawn - glyph.ax) * 1000) / piece.face.unitsPerEm;
        if (Math.abs(adjust) > 0.01) run.push(num(adjust));
        penX += glyph.ax * scale;
        runStart = offset;
      }
      flush();
    }
    ops.push('ET', 'EMC');
    return ops.join('\n');
  }

  /** Writes each face's subset, widths and ToUnicode map; call once, before `doc.save()`. */
  async finish(): Promise<void> {
    const { context } = this.doc;
    for (const [name, embedded] of this.faces) {
      const face = loadFace(name);
      const kit = face.fontkit;
      const bytes = await new Promise<Uint8Array>((resolve) => {
        const parts: Uint8Array[] = [];
        embedded.subset
          .encodeStream()
          .on('data', (chunk: Uint8Array) => parts.push(chunk))
          .on('end', () => resolve(Buffer.concat(parts)));
      });
      const scale = 1000 / kit.unitsPerEm;
      // A subset's name starts with a tag of six capitals (PDF 32000 9.6.4).
      const tag = Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
      const baseFont = `${tag}+${(kit.postscriptName ?? face.name).replace(/[^A-Za-z0-9-]/g, '')}`;
      const fontFile = context.register(context.flateStream(bytes));
      const descriptor = context.register(
        context.obj({
          Type: 'FontDescriptor',
          FontName: baseFont,
          Flags: 4,
          FontBBox: [kit.bbox.minX * scale, kit.bbox.minY * scale, kit.bbox.maxX * scale, kit.bbox.maxY * scale],
          ItalicAngle: 0,
          Ascent: kit.ascent * scale,
          Descent: kit.descent * scale,
          CapHeight: (kit.capHeight || kit.ascent) * scale,
          XHeight: (kit.xHeight || 0) * scale,
          StemV: 0,
          FontFile2: fontFile,
        }),
      );
      const ids = [...embedded.widths.keys()].sort((a, b) => a - b);
      const widths: (number | number[])[] = [];
      for (const id of ids) widths.push(id, [Math.round((embedded.widths.get(id) ?? 0) * scale * 1000) / 1000]);
      const cid = context.register(
        context.obj({
          Type: 'Font',
          Subtype: 'CIDFontType2',
          BaseFont: baseFont,
          CIDSystemInfo: {
            Registry: PDFHexString.fromText('Adobe'),
            Ordering: PDFHexString.fromText('Identity'),
            Supplement: 0,
          },
          FontDescriptor: descriptor,
          W: widths,
          CIDToGIDMap: 'Identity',
        }),
      );
      const toUnicode = context.register(context.flateStream(unicodeCMap(embedded.unicode)));
      context.assign(
        embedded.ref,
        context.obj({
          Type: 'Font',
          Subtype: 'Type0',
          BaseFont: baseFont,
          Encoding: 'Identity-H',
          DescendantFonts: [cid],
          ToUnicode: toUnicode,
        }),
      );
    }
    this.faces.clear();
  }
}

type SubsetInternals = { _addGlyph(gid: number): number; glyf: Uint8Array[]; offset: number };

/**
 * fontkit's TrueType subset writes the short `loca` format (offsets halved) whenever it fits, but
 * copies each glyph's bytes as they are: after a glyph of odd length every later glyph's offset is
 * off by one and is drawn as nothing (most of Noto Sans Sinhala was). Each glyph is padded to an
 * even length, as the format asks.
 */
function evenGlyphs<T extends object>(subset: T): T {
  const inner = subset as unknown as SubsetInternals;
  const add = inner._addGlyph.bind(inner);
  inner._addGlyph = (gid) => {
    const id = add(gid);
    const bytes = inner.glyf[id];
    if (bytes && bytes.length % 2 === 1) {
      // The same buffer class fontkit's writer expects (its own, not Node's).
      const Kind = bytes.constructor as unknown as { alloc(size: number): Uint8Array };
      const padded = Kind.alloc(bytes.length + 1);
      padded.set(bytes);
      inner.glyf[id] = padded;
      inner.offset += 1;
    }
    return id;
  };
  return subset;
}

/** The ToUnicode CMap: each glyph id to the characters it stands for. */
function unicodeCMap(map: Map<number, string>): string {
  const entries = [...map].filter(([, text]) => text.length > 0);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfchar`);
    for (const [id, text] of chunk) blocks.push(`<${hex4(id)}> <${utf16Hex(text)}>`);
    blocks.push('endbfchar');
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMapType get exch defineresource pop',
    'end',
    'end',
  ].join('\n');
}
