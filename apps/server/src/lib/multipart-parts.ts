import { finished } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.js';
import { asUnreadable, type FileRule, formError } from './multipart-errors.js';

export const NOT_MULTIPART = 'Send this as multipart/form-data.';

/** How much one form may hold (busboy's limits); `fileSize` one byte over the largest allowed file. */
export type PartLimits = { fileSize: number; files: number; fields: number; parts: number; fieldSize?: number };

/** Reads a file part the form does not use to its end, so that the body goes on to the next part. */
export async function skipPart(part: Multipart): Promise<void> {
  if (part.type === 'field') return;
  part.file.resume();
  await finished(part.file).catch(asUnreadable);
}

/**
 * The one walk over a multipart body that every form reader makes (stored files, files read into
 * memory, the zip streamed to disk): each part goes to `onPart` in order, and what the parser throws
 * becomes an answer naming the file field (`formError`, so a limit is the client's 400/413, never a
 * 500). When anything fails `cleanUp` runs first (files already stored are removed), and a refusal
 * before the body's end also closes the connection, so the client's upload stops.
 */
export async function forEachPart(
  request: FastifyRequest,
  options: { limits: PartLimits; files: Record<string, FileRule>; cleanUp?: () => Promise<void> },
  onPart: (part: Multipart) => Promise<void>,
): Promise<void> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
  const parts = request.parts({ limits: options.limits });
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw formError(error, options.files);
      }
      if (next.done) break;
      await onPart(next.value);
    }
  } catch (error) {
    await options.cleanUp?.();
    // Anything else is the server's (a full disk, a store away); the error handler answers it and
    // also ends the connection when the body was not read to its end.
    if (!(error instanceof HttpError) || request.raw.readableEnded) throw error;
    throw new HttpError(error.statusCode, error.message, { ...error.headers, connection: 'close' }, error.details);
  }
}
