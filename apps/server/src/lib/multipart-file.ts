import { randomUUID } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback, type TransformOptions } from 'node:stream';
import type { ObjectStorage } from '../storage/storage.js';
import { sanitizeFileName } from '../storage/storage.js';
import { HttpError } from './errors.js';
import { detectFileKind, type FileKind, KIND_CONTENT_TYPES, nameForKind, SNIFF_BYTES } from './file-kind.js';
import { tooLarge, unreadable, wrongKind } from './multipart-errors.js';

/** How one file field of a form is checked and stored. */
export type FileFieldOptions = {
  /** The kinds it may be, told by the first bytes. */
  kinds: readonly FileKind[];
  maxBytes: number;
  /** Where it is stored: `exams/` gives keys `exams/<uuid>-<name>`. */
  keyPrefix: string;
  /** How messages name it: 'The exam paper'. */
  label: string;
  /** How many parts of this name one form may carry (the bulk form's one per question); 1 when not given. */
  maxCount?: number;
};

/** A file stored from a form: its key, the name it is stored under (and offered for download), kind and size. */
export type StoredFile = { key: string; fileName: string; kind: FileKind; size: number };

/** Passes bytes through, failing once more than `max` have come. */
export class ByteCounter extends Transform {
  size = 0;
  constructor(
    protected readonly max: number,
    protected readonly failure: () => Error,
    options?: TransformOptions,
  ) {
    super(options);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.max) callback(this.failure());
    else callback(null, chunk);
  }
}

/** The chunks read to tell the kind, then the rest of the part; a broken part is `unreadable`. */
async function* resume(head: Buffer, rest: AsyncIterator<Buffer> | null) {
  try {
    yield head;
    if (!rest) return;
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await rest.next();
      } catch {
        throw unreadable();
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Stopped early (a failure further on): stop reading the part too.
    await rest?.return?.();
  }
}

/**
 * Streams one file part into storage: reads its first bytes to tell the kind (nothing is stored for
 * a kind not allowed), then pipes the rest through a byte counter into `storage.put`. An empty part
 * is no file (null). A part cut short or too large leaves nothing stored.
 */
export async function storeFilePart(
  storage: ObjectStorage,
  part: { file: AsyncIterable<Buffer>; filename?: string | undefined },
  options: FileFieldOptions,
): Promise<StoredFile | null> {
  const iterator = part.file[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  try {
    while (bytes < SNIFF_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      chunks.push(next.value);
      bytes += next.value.length;
    }
  } catch {
    throw unreadable();
  }
  if (bytes === 0) return null;
  const head = Buffer.concat(chunks);
  const kind = detectFileKind(head, part.filename ?? '');
  if (!kind || !options.kinds.includes(kind)) {
    await iterator.return?.();
    throw wrongKind(options);
  }
  const fileName = nameForKind(sanitizeFileName(part.filename ?? ''), kind);
  const key = `${options.keyPrefix}${randomUUID()}-${fileName}`;
  let failure: unknown;
  const counter = new ByteCounter(options.maxBytes, () => tooLarge(options));
  const body = pipeline(Readable.from(resume(head, ended ? null : iterator)), counter, (error) => {
    failure ??= error;
  });
  try {
    await storage.put(key, body, { contentType: KIND_CONTENT_TYPES[kind] });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error instanceof HttpError || !(failure instanceof HttpError) ? error : failure;
  }
  return { key, fileName, kind, size: counter.size };
}

/** The download name of a key made here: what follows `<prefix>/<uuid>-`. */
export function fileNameOfKey(key: string): string {
  const last = key.split('/').pop() ?? key;
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/, '');
}
