import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import { EXAM_LIMITS } from '@valence/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteStoredFiles } from '../storage/delete-files.js';
import type { ObjectStorage } from '../storage/storage.js';
import { badRequest } from './errors.js';
import { asUnreadable } from './multipart-errors.js';
import { type FileFieldOptions, type StoredFile, storeFilePart } from './multipart-file.js';
import { forEachPart, skipPart } from './multipart-parts.js';

export { type FileFieldOptions, fileNameOfKey, type StoredFile } from './multipart-file.js';

export { NOT_MULTIPART } from './multipart-parts.js';

const DEFAULT_FIELD_BYTES = 1024 * 1024;

/**
 * @fastify/multipart's defaults, registered once in the API scope. Each form narrows them to its
 * own fields (`readMultipartForm`); files are streamed, never held in memory.
 */
export const multipartOptions: FastifyMultipartBaseOptions = {
  limits: { fileSize: EXAM_LIMITS.paperMaxBytes, fieldSize: DEFAULT_FIELD_BYTES, fields: 20, files: 10, parts: 50 },
};

/**
 * For a routes plugin with multipart routes: a body of another type reaches the handler, which
 * answers 400 `NOT_MULTIPART`, instead of Fastify's 415. JSON and text bodies are parsed as usual.
 */
export function acceptAnyBody(app: FastifyInstance) {
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}

/** What a form holds: text parts by name, and files by field name (null for an empty part), in order. */
export type FormSpec = {
  /** Text parts (a JSON part may come as a field or as a small file) and the most bytes each may hold. */
  fields: Record<string, { maxBytes?: number }>;
  files: Record<string, FileFieldOptions>;
};

export class MultipartForm {
  constructor(
    readonly fields: Record<string, unknown>,
    readonly files: Record<string, (StoredFile | null)[]>,
    /** Removes every file stored for this form. */
    readonly discard: () => Promise<void>,
  ) {}

  /** The one file of a single-file field, or null. */
  file(name: string): StoredFile | null {
    return this.files[name]?.find((file) => file !== null) ?? null;
  }

  /** A JSON part, parsed (a part sent as application/json is parsed already): 400 when absent or not JSON. */
  json(name: string): unknown {
    const value = this.fields[name];
    if (value === undefined) throw badRequest(`${name} is required.`);
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      throw badRequest(`${name} must be JSON.`);
    }
  }
}

/** A text part sent as a file (a Blob of JSON): read up to `max` bytes. */
async function readText(part: AsyncIterable<Buffer>, name: string, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part) {
    size += chunk.length;
    if (size > max) throw badRequest(`${name} is too large.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a multipart form: text parts named in `spec.fields` (size-capped), and each file part named
 * in `spec.files` streamed into storage as it arrives (kind told by its first bytes, size counted,
 * never buffered whole). Other parts are skipped. On any failure every file already stored is removed
 * and the answer says what was wrong; a failure before the body was read to its end also closes the
 * connection, so the client's upload stops.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  storage: ObjectStorage,
  spec: FormSpec,
): Promise<MultipartForm> {
  const fieldMax = (name: string) => spec.fields[name]?.maxBytes ?? DEFAULT_FIELD_BYTES;
  const fileSpecs = Object.values(spec.files);
  const fileCount = fileSpecs.reduce((sum, file) => sum + (file.maxCount ?? 1), 0);
  const fieldCount = Object.keys(spec.fields).length;
  const limits = {
    // One byte over the largest allowed: the counter sees the excess and names the field.
    fileSize: Math.max(0, ...fileSpecs.map((file) => file.maxBytes)) + 1,
    fieldSize: Math.max(DEFAULT_FIELD_BYTES, ...Object.keys(spec.fields).map(fieldMax)),
    fields: fieldCount + 10,
    files: fileCount + fieldCount,
    parts: fileCount + fieldCount + 10,
  };
  const fields: Record<string, unknown> = {};
  const files: Record<string, (StoredFile | null)[]> = {};
  const stored: StoredFile[] = [];
  const cleanUp = () =>
    deleteStoredFiles(
      storage,
      request.log,
      stored.map((file) => file.key),
    );
  await forEachPart(request, { limits, files: spec.files, cleanUp }, async (part) => {
    const name = part.fieldname;
    if (part.type === 'field') {
      if (!Object.hasOwn(spec.fields, name)) return;
      if (part.valueTruncated || (typeof part.value === 'string' && Buffer.byteLength(part.value) > fieldMax(name)))
        throw badRequest(`${name} is too large.`);
      fields[name] = part.value;
    } else if (Object.hasOwn(spec.files, name)) {
      const options = spec.files[name] as FileFieldOptions;
      const list = files[name] ?? [];
      files[name] = list;
      const maxCount = options.maxCount ?? 1;
      if (list.length >= maxCount)
        throw badRequest(maxCount === 1 ? `Send one ${name} only.` : `Send at most ${maxCount} ${name} parts.`);
      const file = await storeFilePart(storage, part, options);
      if (file) stored.push(file);
      list.push(file);
    } else if (Object.hasOwn(spec.fields, name)) {
      fields[name] = await readText(part.file, name, fieldMax(name)).catch(asUnreadable);
    } else {
      await skipPart(part);
    }
  });
  return new MultipartForm(fields, files, cleanUp);
}

/**
 * Reads the form, then runs `work` with it; when `work` fails (a rule the stored files do not meet,
 * a conflict), the files are removed before the error goes on.
 */
export async function withMultipartForm<T>(
  request: FastifyRequest,
  storage: ObjectStorage,
  spec: FormSpec,
  work: (form: MultipartForm) => Promise<T>,
): Promise<T> {
  const form = await readMultipartForm(request, storage, spec);
  try {
    return await work(form);
  } catch (error) {
    await form.discard();
    throw error;
  }
}
