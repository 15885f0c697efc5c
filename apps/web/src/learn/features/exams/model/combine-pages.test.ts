import { deflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, type PDFPage, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { jpeg } from '../test-fixtures';
import { combinePages, PAGE_LONG_SIDE, PageError, type PreparedImage } from './combine-pages';
import type { Rotation } from './script-pages';

/** A real grey PNG of the given size, written byte by byte (jsdom has no canvas to make one). */
function png(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = new Uint8Array(height * (width + 1)).fill(0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter byte: none
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(rows))),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The camera step's stand-in: each "photo" names the picture it becomes. */
const pictures: Record<string, PreparedImage> = {
  wide: { bytes: png(30, 10), type: 'png' },
  tall: { bytes: png(10, 20), type: 'png' },
  square: { bytes: jpeg(16, 16), type: 'jpeg' },
};
const prepare = async (file: Blob) => {
  const picture = pictures[await file.text()];
  if (!picture) throw new Error('this photo could not be opened.');
  return picture;
};
const page = (name: string, rotation: Rotation = 0) => ({ file: new Blob([name]), rotation });

const size = (pdfPage: PDFPage) => pdfPage.getSize();
const round = (n: number) => Math.round(n * 100) / 100 || 0; // -0 is 0 here

/** Where the picture's corners land on the page, from the page's drawing operators (`a b c d e f cm`). */
function pictureCorners(pdfPage: PDFPage) {
  const contents = pdfPage.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdfPage.doc.context.lookup(ref)) : [contents];
  const text = streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('a stored content stream expected');
      return new TextDecoder().decode(decodePDFRawStream(stream).decode());
    })
    .join('\n');
  const matrices = [...text.matchAll(/((?:-?[\d.e-]+\s+){6})cm/g)].map((m) =>
    (m[1] as string).trim().split(/\s+/).map(Number),
  );
  // A point [x y 1] goes through the last matrix first.
  const apply = ([x, y]: [number, number]): [number, number] =>
    matrices.reduceRight<[number, number]>(
      ([px, py], [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0]) => [a * px + c * py + e, b * px + d * py + f],
      [x, y],
    );
  const at = (corner: [number, number]) => apply(corner).map(round);
  return { topLeft: at([0, 1]), topRight: at([1, 1]), bottomLeft: at([0, 0]), bottomRight: at([1, 0]) };
}

describe('combining page photos into one PDF', () => {
  it('makes one page per photo, in the order given, each the photo’s shape at A4’s long side', async () => {
    const bytes = await combinePages([page('tall'), page('wide'), page('square')], prepare);
    const pdf = await PDFDocument.load(bytes);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(pdf.getPageCount()).toBe(3);
    const sizes = pdf.getPages().map(size);
    expect(sizes.map(({ width, height }) => [round(width), round(height)])).toEqual([
      [PAGE_LONG_SIDE / 2, PAGE_LONG_SIDE],
      [PAGE_LONG_SIDE, round(PAGE_LONG_SIDE / 3)],
      [PAGE_LONG_SIDE, PAGE_LONG_SIDE],
    ]);
    // Upright pages: the picture fills the page with its top at the top.
    expect(pictureCorners(pdf.getPage(0))).toEqual({
      topLeft: [0, PAGE_LONG_SIDE],
      topRight: [PAGE_LONG_SIDE / 2, PAGE_LONG_SIDE],
      bottomLeft: [0, 0],
      bottomRight: [PAGE_LONG_SIDE / 2, 0],
    });
  });

  it('draws a turned page turned: the page takes the turned shape and the picture fills it', async () => {
    const bytes = await combinePages([page('wide', 90), page('wide', 180), page('tall', 270)], prepare);
    const pdf = await PDFDocument.load(bytes);
    const [quarter, half, threeQuarters] = pdf.getPages() as [PDFPage, PDFPage, PDFPage];
    const third = round(PAGE_LONG_SIDE / 3);
    // The page itself is not flagged /Rotate: the turn is in the drawing, so every viewer agrees.
    expect(quarter.node.get(PDFName.of('Rotate'))).toBeUndefined();
    expect([round(size(quarter).width), round(size(quarter).height)]).toEqual([third, PAGE_LONG_SIDE]);
    // A clockwise quarter turn: the photo's top-left corner is now top-right.
    expect(pictureCorners(quarter)).toEqual({
      topLeft: [third, PAGE_LONG_SIDE],
      topRight: [third, 0],
      bottomLeft: [0, PAGE_LONG_SIDE],
      bottomRight: [0, 0],
    });
    expect([round(size(half).width), round(size(half).height)]).toEqual([PAGE_LONG_SIDE, third]);
    expect(pictureCorners(half).topLeft).toEqual([PAGE_LONG_SIDE, 0]);
    expect([round(size(threeQuarters).width), round(size(threeQuarters).height)]).toEqual([
      PAGE_LONG_SIDE,
      PAGE_LONG_SIDE / 2,
    ]);
    expect(pictureCorners(threeQuarters).topLeft).toEqual([0, 0]);
  });

  it('names the page a photo could not be read from', async () => {
    const failure = combinePages([page('tall'), page('IMG_0001.HEIC')], prepare);
    await expect(failure).rejects.toBeInstanceOf(PageError);
    await expect(failure).rejects.toThrow('Page 2: this photo could not be opened.');
  });
});
