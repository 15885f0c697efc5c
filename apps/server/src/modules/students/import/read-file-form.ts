import { finished } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { STUDENT_IMPORT_LIMITS } from '@valence/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../../lib/errors.js';
import { NOT_MULTIPART } from '../../../lib/multipart.js';
import { asUnreadable, formatBytes, formError, TOO_LARGE_STATUS } from '../../../lib/multipart-errors.js';

const PARTS = {
  file: { label: 'The student file', maxBytes: STUDENT_IMPORT_LIMITS.fileMaxBytes, kinds: [] },
} as const;

/**
 * The `file` part of the import form, read whole into memory since it is parsed, never stored (at
 * most `fileMaxBytes`); other parts are skipped. A refusal before the body's end closes the
 * connection, so the client's upload stops. Null when no file was sent.
 */
export async function readStudentFile(request: FastifyRequest): Promise<Uint8Array | null> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
  const parts = request.parts({
    limits: { fileSize: STUDENT_IMPORT_LIMITS.fileMaxBytes + 1, files: 2, fields: 10, parts: 12 },
  });
  let file: Uint8Array | null = null;
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
      if (part.fieldname !== 'file') {
        part.file.resume();
        await finished(part.file).catch(asUnreadable);
        continue;
      }
      if (file) throw badRequest('Send one file only.');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > STUDENT_IMPORT_LIMITS.fileMaxBytes)
          throw new HttpError(
            TOO_LARGE_STATUS,
            `${PARTS.file.label} is larger than ${formatBytes(STUDENT_IMPORT_LIMITS.fileMaxBytes)}.`,
          );
        chunks.push(chunk);
      }
      file = Buffer.concat(chunks);
    }
  } catch (error) {
    if (!(error instanceof HttpError) || request.raw.readableEnded) throw error;
    throw new HttpError(error.statusCode, error.message, { ...error.headers, connection: 'close' });
  }
  return file && file.length > 0 ? file : null;
}
