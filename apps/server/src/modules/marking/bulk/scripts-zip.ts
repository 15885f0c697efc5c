import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { DbOrTx } from '../../../db/client.js';
import { fileNameOfKey } from '../../../lib/multipart.js';
import { ObjectNotFoundError, type ObjectStorage, sanitizeFileName } from '../../../storage/storage.js';
import { scriptsOfExam } from '../reads-scripts.js';

/**
 * yazl checksums every byte with buffer-crc32, a JavaScript loop that runs at a tenth of the speed
 * of zlib's native CRC-32 (Node ≥ 20.15) and was most of the zip's CPU time: the module's
 * `unsigned(buffer, previous)` is the same function (the CRC continued from `previous`), so yazl's
 * own copy is pointed at zlib's. Upstream: thejoshwolfe/yazl#82 and brianloveswords/buffer-crc32#34
 * (use zlib's when Node has it); `scripts-zip.test.ts` fails when yazl stops calling through it.
 */
const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const yazlCrc = yazlRequire('buffer-crc32') as { unsigned: (data: Buffer, previous?: number) => number };
if (typeof zlib.crc32 === 'function') yazlCrc.unsigned = (data, previous) => zlib.crc32(data, previous ?? 0);

/** Each script is read in reads of this size: a sixteenth of the chunks that pass through the zip's streams. */
const READ_BYTES = 1024 * 1024;

/** Rows read from the database at a time, and how many entries may wait ahead of the one being written. */
export const SCRIPTS_PAGE = 200;

/** `<username>.<extension of the stored script>`: the name a tutor finds the student's script under. */
export function scriptEntryName(username: string, answerKey: string): string {
  return sanitizeFileName(`${username}${path.extname(fileNameOfKey(answerKey)).toLowerCase()}`);
}

type Sources = { db: DbOrTx; storage: ObjectStorage; log: FastifyBaseLogger };

/**
 * Every script of the exam as one zip, written as it is read: the rows come a page at a time, each
 * file is opened only when its turn in the zip comes and piped through (stored, not compressed:
 * scans and PDFs are compressed already, and deflating them would only cost CPU), and a page is
 * read only once the zip has nearly caught up with the last. Memory stays a page of rows and a
 * stream buffer whatever the exam's size; the client's pace sets the pace of the reads.
 */
export function streamScriptsZip(sources: Sources, examId: number): Readable {
  const zip = new ZipFile();
  // A few large writes to the socket rather than many 16 KiB ones.
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  let queued = 0;
  let started = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  let current: Readable | undefined;
  const nudge = () => {
    wake?.();
    wake = undefined;
  };
  const stop = (error?: Error) => {
    if (stopped) return;
    stopped = true;
    current?.destroy();
    nudge();
    if (error) out.destroy(error);
  };
  // The client went away (or the answer failed): stop reading rows and files.
  out.on('close', () => stop());
  zip.on('error', (error: Error) => stop(error));
  zip.outputStream.pipe(out);

  const open = (key: string, done: (error: Error | null, stream: NodeJS.ReadableStream) => void) => {
    started += 1;
    nudge();
    sources.storage.get(key, undefined, { readBytes: READ_BYTES }).then(
      (object) => {
        current = object.stream;
        if (stopped) object.stream.destroy();
        done(null, object.stream);
      },
      (error: unknown) => {
        // A script whose file is gone is an empty entry, so the rest of the zip still arrives.
        if (!(error instanceof ObjectNotFoundError)) return done(error as Error, Readable.from([]));
        sources.log.warn({ key, examId }, 'script file missing from the bulk download');
        done(null, Readable.from([]));
      },
    );
  };

  const fill = async () => {
    for await (const page of scriptsOfExam(sources.db, examId, SCRIPTS_PAGE)) {
      if (stopped) return;
      for (const row of page) {
        const key = row.answerKey;
        if (!key) continue;
        queued += 1;
        zip.addReadStreamLazy(scriptEntryName(row.username, key), { compress: false }, (done) => open(key, done));
      }
      while (!stopped && queued - started > SCRIPTS_PAGE / 2) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!stopped) zip.end();
  };
  fill().catch((error: Error) => stop(error));
  return out;
}
