import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef, StandardFonts } from 'pdf-lib';
import { pngFile } from './png.js';

/** Student scripts to mark in tests: real PDFs and pictures, and a way to read what was drawn on them. */

/** A script of `pages` pages of `width` × `height` points, each saying its page number. */
export async function scriptPdf(pages = 2, width = 600, height = 800): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    doc.addPage([width, height]).drawText(`Answer page ${i}`, { x: 50, y: height - 60, size: 14, font });
  }
  return doc.save();
}

/** A 4 × 3 grey JPEG. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAMABAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APYKAP8A/9k=',
  'base64',
);

/** A white `width` × `height` PNG (8-bit RGB). */
export function whitePng(width: number, height: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 255)]);
  return pngFile(width, height, 2, Buffer.concat(Array.from({ length: height }, () => row)));
}

/** The drawing operators of a page of a saved PDF (its content streams, inflated, in order). */
export async function pageContent(pdf: Uint8Array, pageIndex: number): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(pageIndex);
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) return '';
      const flate = stream.dict.get(PDFName.of('Filter'))?.toString() === '/FlateDecode';
      return Buffer.from(flate ? inflateSync(stream.contents) : stream.contents).toString('latin1');
    })
    .join('\n');
}

/**
 * A line's text as `lib/pdf-type` marks it in the page (its ActualText): upper-case hex of its
 * UTF-16 with the byte order mark.
 */
export const hexText = (text: string) => `FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}`;
