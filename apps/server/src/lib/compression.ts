import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedMap } from './bounded-map.js';

/** The encodings the server answers in, the one it prefers first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * How answers are compressed: the compress plugin's options, and the shared answers below use the
 * same. Answers under 1 KiB go as they are.
 */
export const COMPRESSION = {
  threshold: 1024,
  encodings: [...ENCODINGS],
  // Per-request brotli at its default level 11 costs more CPU than it saves on a JSON answer.
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  // Answers up to 64 KiB are compressed in one synchronous call rather than through a stream per
  // response (0.3 ms or more of this thread's time, and a compressor's memory each): the plugin's
  // default on two cores stops at 8 KiB.
  syncThreshold: 64 * 1024,
};

/**
 * What a client accepts, read as the compress plugin reads it (`x-gzip` and `*` stand for gzip), so
 * that a shared answer and any other answer go in the same encoding.
 */
const acceptedEncodings = (header: string) => header.toLowerCase().replace(/\*|x-gzip/g, 'gzip');

const compress = (json: string, encoding: Encoding): Buffer =>
  encoding === 'br' ? zlib.brotliCompressSync(json, COMPRESSION.brotliOptions) : zlib.gzipSync(json);

/**
 * Answers that many clients receive byte for byte, each kept compressed once per encoding. On exam
 * day a class opens the same paper in the same minute: measured on two cores, compressing it per
 * request roughly doubled the server's time for the call. Keyed by the JSON itself, so an answer
 * that differs in one byte is another entry; the oldest go first.
 */
export class SharedAnswers {
  private readonly entries: BoundedMap<string, Partial<Record<Encoding, Buffer>>>;

  constructor(limit = 32) {
    this.entries = new BoundedMap(limit);
  }

  /** `json` compressed with `encoding`: made on the first ask, the same bytes afterwards. */
  compressed(json: string, encoding: Encoding): Buffer {
    const entry = this.entries.get(json) ?? {};
    // Set again on every ask, a used answer stays among the newest.
    this.entries.set(json, entry);
    entry[encoding] ??= compress(json, encoding);
    return entry[encoding];
  }

  /**
   * Sends `json` as the answer: compressed from the kept bytes when the client accepts br or gzip
   * and it is worth compressing, else as it is (the compress plugin leaves an encoded answer alone).
   */
  send(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
    reply.type('application/json; charset=utf-8');
    const accepted = request.headers['accept-encoding'];
    const encoding =
      accepted && Buffer.byteLength(json) >= COMPRESSION.threshold
        ? negotiate(acceptedEncodings(accepted), COMPRESSION.encodings)
        : null;
    if (encoding !== 'br' && encoding !== 'gzip') return reply.send(json);
    return reply
      .header('content-encoding', encoding)
      .header('vary', 'accept-encoding')
      .send(this.compressed(json, encoding));
  }
}
