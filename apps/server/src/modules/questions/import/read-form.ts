import { finished } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { QUESTION_IMPORT_LIMITS } from '@valence/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../../lib/errors.js';
import { NOT_MULTIPART } from '../../../lib/multipart.js';
import { asUnreadable, formatBytes, formError, TOO_LARGE_STATUS } from '../../../lib/multipart-errors.js';

/** A file part read whole into memory (the question file and the pictures' zip are parsed, not stored). */
export type UploadedFile = { name: string; bytes: Uint8Array };
export type ImportForm = { file: UploadedFile | null; images: UploadedFile | null };

const PARTS = {
  file: { label: 'The question file', maxBytes: QUESTION_IMPORT_LIMITS.fileMaxBytes, kinds: [] },
  images: { label: 'The images zip', maxBytes: QUESTION_IMPORT_LIMITS.imagesMaxBytes, kinds: [] },
} as const;

async function readPart(part: AsyncIterable<Buffer>, rule: (typeof PARTS)[keyof typeof PARTS]): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part) {
    size += chunk.length;
    if (size > rule.maxBytes)
      throw new HttpError(TOO_LARGE_STATUS, `${rule.label} is larger than ${formatBytes(rule.maxBytes)}.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The import form: `file` (at most 5 MB) and an optional `images` zip (at most 20 MB), each read
 * into memory since both are parsed, never stored as they are. Other parts are skipped. A refusal
 * before the body's end closes the connection, so the client's upload stops.
 */
export async function readImportForm(request: FastifyRequest): Promise<ImportForm> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
  const parts = request.parts({
    limits: { fileSize: QUESTION_IMPORT_LIMITS.imagesMaxBytes + 1, files: 4, fields: 10, parts: 14 },
  });
  const form: ImportForm = { file: null, images: null };
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw formError(error, PARTS);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') continue;
      const name = part.fieldname;
      if (name !== 'file' && name !== 'images') {
        part.file.resume();
        await finished(part.file).catch(asUnreadable);
        continue;
      }
      if (form[name]) throw badRequest(`Send one ${name} only.`);
      const bytes = await readPart(part.file, PARTS[name]).catch(asUnreadable);
      form[name] = bytes.length ? { name: part.filename ?? '', bytes } : null;
    }
  } catch (error) {
    if (!(error instanceof HttpError) || request.raw.readableEnded) throw error;
    throw new HttpError(error.statusCode, error.message, { ...error.headers, connection: 'close' });
  }
  return form;
}
