import { createWriteStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MARKING_LIMITS, MARKING_MESSAGES } from '@valence/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../../lib/errors.js';
import { asUnreadable, formatBytes, TOO_LARGE_STATUS } from '../../../lib/multipart-errors.js';
import { forEachPart, skipPart } from '../../../lib/multipart-parts.js';

/** Buffered between the socket and the disk, so neither waits on the other after every chunk. */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;
const RULE = { label: 'The zip of marked papers', maxBytes: MARKING_LIMITS.bulkZipMaxBytes, kinds: [] };
export const ZIP_TOO_LARGE = `${RULE.label} is larger than ${formatBytes(RULE.maxBytes)}.`;

/** A zip starts with a local file header, or (holding nothing) with the end-of-directory record. */
const ZIP_STARTS = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

/** Passes the bytes on, failing at once when the first four are not a zip's or when too many come. */
class ZipGate extends Transform {
  size = 0;
  private head = Buffer.alloc(0);
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > RULE.maxBytes) return callback(new HttpError(TOO_LARGE_STATUS, ZIP_TOO_LARGE));
    if (this.head.length < 4) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, 4 - this.head.length)]);
      if (this.head.length === 4 && !ZIP_STARTS.some((start) => start.equals(this.head)))
        return callback(badRequest(MARKING_MESSAGES.bulkNotZip));
    }
    callback(null, chunk);
  }
  override _flush(callback: TransformCallback) {
    callback(this.size > 0 && this.head.length < 4 ? badRequest(MARKING_MESSAGES.bulkNotZip) : null);
  }
}

/**
 * Streams the form's `file` part to `target` on disk (never into memory), refusing at once what does
 * not start like a zip and what grows past the limit. Other parts are skipped. Answers whether a
 * file came. A refusal before the body's end closes the connection, so the client's upload stops.
 */
export async function receiveZip(request: FastifyRequest, target: string): Promise<boolean> {
  const limits = { fileSize: RULE.maxBytes + 1, files: 3, fields: 10, parts: 13 };
  let received = false;
  await forEachPart(request, { limits, files: { file: RULE } }, async (part) => {
    if (part.type === 'field' || part.fieldname !== 'file') return skipPart(part);
    if (received) throw badRequest('Send one file only.');
    const gate = new ZipGate({ highWaterMark: WRITE_BUFFER_BYTES });
    await pipeline(part.file, gate, createWriteStream(target, { highWaterMark: WRITE_BUFFER_BYTES })).catch(
      (error: unknown) => {
        if (error instanceof HttpError) throw error;
        // The client's body broke off; anything else (a full disk) is the server's.
        if ((error as { code?: string }).code === 'ENOSPC') throw error;
        return asUnreadable(error);
      },
    );
    received = gate.size > 0;
  });
  return received;
}
