import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { pngFile } from './png.js';

/**
 * A PDF as a reader gets it, through poppler's tools: `pdftotext` for the text a reader copies,
 * `pdftoppm` for how a page looks. A page region is compared with a committed reference PNG
 * (`test/pdf-references/`, 8-bit grey) within a tolerance, so broken shaping (a Sinhala vowel sign
 * on the wrong side, a Tamil ligature in pieces) fails a test while anti-aliasing does not.
 * `UPDATE_PDF_REFERENCES=1` writes the references anew; look at them before committing.
 */

const run = promisify(execFile);
const REFERENCES = path.join(path.dirname(new URL(import.meta.url).pathname), 'pdf-references');

async function withFile<T>(bytes: Uint8Array, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-render-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, bytes);
    return await use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text `pdftotext` reads from the PDF (reading order, no layout). */
export function pdftotext(bytes: Uint8Array): Promise<string> {
  return withFile(bytes, async (file) => (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout);
}

export type GreyImage = { width: number; height: number; data: Uint8Array };

/** A region of a page (in pixels at `dpi`, from the top left) rendered grey by `pdftoppm`. */
export function renderRegion(
  bytes: Uint8Array,
  region: { page?: number; dpi: number; x: number; y: number; width: number; height: number },
): Promise<GreyImage> {
  const page = String(region.page ?? 1);
  return withFile(bytes, async (file, dir) => {
    const out = path.join(dir, 'page');
    await run('pdftoppm', [
      ...['-r', String(region.dpi), '-f', page, '-l', page, '-singlefile', '-gray'],
      ...['-x', String(region.x), '-y', String(region.y), '-W', String(region.width), '-H', String(region.height)],
      file,
      out,
    ]);
    return readPgm(readFileSync(`${out}.pgm`));
  });
}

function readPgm(bytes: Buffer): GreyImage {
  // "P5\n<width> <height>\n<max>\n" then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a grey PGM image.');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, data: new Uint8Array(bytes.subarray(header[0].length, header[0].length + width * height)) };
}

/** An 8-bit grey PNG (no filter: the references are small). */
export function encodeGreyPng(image: GreyImage): Buffer {
  const raw = Buffer.alloc((image.width + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    raw.set(image.data.subarray(y * image.width, (y + 1) * image.width), y * (image.width + 1) + 1);
  }
  return pngFile(image.width, image.height, 0, raw, 9);
}

/** Reads a PNG `encodeGreyPng` wrote. */
export function decodeGreyPng(bytes: Buffer): GreyImage {
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 0) throw new Error('Not an 8-bit grey PNG.');
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    if (raw[y * (width + 1)] !== 0) throw new Error('Unexpected PNG filter.');
    out.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  }
  return { width, height, data: out };
}

/** The share of pixels that differ by more than a quarter of the grey scale. */
export function differingShare(a: GreyImage, b: GreyImage): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.data.length; i++) if (Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) > 64) differing++;
  return differing / a.data.length;
}

/**
 * How far `image` is from the reference `name` (a share of pixels, see `differingShare`). The
 * reference is written instead when `UPDATE_PDF_REFERENCES` is set; a missing one is an error.
 */
export function compareWithReference(name: string, image: GreyImage): number {
  const file = path.join(REFERENCES, `${name}.png`);
  if (process.env.UPDATE_PDF_REFERENCES) {
    mkdirSync(REFERENCES, { recursive: true });
    writeFileSync(file, encodeGreyPng(image));
    return 0;
  }
  if (!existsSync(file)) throw new Error(`No reference image ${file}: run the test with UPDATE_PDF_REFERENCES=1.`);
  return differingShare(image, decodeGreyPng(readFileSync(file)));
}

/** What every PDF kind's test writes into its PDF: a Sinhala name, a Tamil comment, notation in an English title. */
export const SCRIPTS_SAMPLE = {
  sinhalaName: 'කසුන් ශ්‍රී පෙරේරා',
  tamilComment: 'நல்ல முயற்சி, சமன்பாட்டைச் சரிபார்க்கவும்',
  title: 'Acids: \\ce{H2SO4} and \\ce{Cu^2+}',
  /** The title as `pdftotext` gives it back. */
  titleText: 'Acids: H₂SO₄ and Cu²⁺',
};

/**
 * Checks a PDF as a reader gets it: `pdftotext` gives back each of `words` and no '?' (a character
 * a font could not write), and the page region looks like the reference `name` (at most 0.4 % of its
 * pixels differ). Answers the share that differed.
 */
export async function checkPdf(
  bytes: Uint8Array,
  words: string[],
  reference: { name: string; page?: number; dpi: number; x: number; y: number; width: number; height: number },
): Promise<{ text: string; differing: number }> {
  const text = await pdftotext(bytes);
  const flat = text.replace(/\s+/g, ' ');
  const missing = words.filter((word) => !flat.includes(word));
  if (missing.length > 0) throw new Error(`pdftotext did not give back ${JSON.stringify(missing)}; it read:\n${text}`);
  if (text.includes('?')) throw new Error(`pdftotext read a '?':\n${text}`);
  const image = await renderRegion(bytes, reference);
  return { text, differing: compareWithReference(reference.name, image) };
}

/** The most a page may differ from its reference: anti-aliasing and rounding, not a glyph moved. */
export const REFERENCE_TOLERANCE = 0.004;
