import type { InjectOptions } from 'fastify';
import type { Answer, Method, TestApp } from './harness.js';

/** A file part: its bytes, name and declared type (the server trusts neither name nor type). */
export type FilePart = { bytes: Uint8Array | string; name?: string; type?: string };
/**
 * A form's parts by name: text, a file, `null` for an empty file part (what a form sends for an
 * empty file input, and the bulk form's placeholder), or a list of them in order.
 */
export type FormParts = Record<string, string | FilePart | null | (FilePart | null)[]>;

const bytesOf = (value: Uint8Array | string) =>
  typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(value);

/** The form as a request body: built by the platform's FormData, so its encoding is a browser's. */
export async function multipartBody(parts: FormParts): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') form.append(name, part);
      else if (part === null) form.append(name, new Blob([]), '');
      else
        form.append(
          name,
          new Blob([bytesOf(part.bytes)], { type: part.type ?? 'application/octet-stream' }),
          part.name ?? 'file',
        );
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** Sends the form through `app.inject` (the full path, `/api/...`). */
export async function sendForm(
  t: TestApp,
  method: Method,
  url: string,
  headers: InjectOptions['headers'],
  parts: FormParts,
): Promise<Answer> {
  const { payload, contentType } = await multipartBody(parts);
  return t.app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload });
}

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))),
  );

/** Files whose first bytes are what their kind's are (the rest is filler). */
export const SAMPLE = {
  pdf: bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  doc: bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 'word document body'),
  docx: bytes('PK', 0x03, 0x04, 'word/document.xml'),
  png: bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'IHDR picture'),
  jpg: bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF picture'),
  gif: bytes('GIF89a', 1, 0, 1, 0, 'picture'),
  webp: bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 picture'),
  text: bytes('Just some notes, not a paper.\n'),
} as const;
