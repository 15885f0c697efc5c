import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';

/** How much request body may wait between the socket and the store (back-pressure above it). */
const BODY_BUFFER_BYTES = 1024 * 1024;

/**
 * A node request as the web `Request` tus v2 expects (method, url, headers, body, runtime.node).
 * Unlike `Readable.toWeb`, which copies every chunk into a new Uint8Array, the body hands tus views
 * of node's own buffers: for a multi-GB upload that is one memory copy (and its garbage) less per
 * byte. The body stream is made only when tus reads it, so an unread body is drained by node.
 */
export class TusNodeRequest {
  readonly runtime: { name: 'node'; node: { req: IncomingMessage; res: ServerResponse } };
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  #body: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    private readonly req: IncomingMessage,
    res: ServerResponse,
  ) {
    this.runtime = { name: 'node', node: { req, res } };
    this.method = req.method ?? 'GET';
    // Only the path matters to tus here (Location is relative), so the origin is a placeholder.
    this.url = new URL(req.url ?? '/', 'http://localhost').href;
    this.headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) this.headers.append(name, item);
    }
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) {
      this.#body = this.method === 'GET' || this.method === 'HEAD' ? null : bodyStream(this.req);
    }
    return this.#body;
  }
}

function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        finished(req).then(
          () => controller.close(),
          (error: unknown) => controller.error(error),
        );
      },
      pull() {
        req.resume();
      },
      cancel(reason) {
        req.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: BODY_BUFFER_BYTES, size: (chunk) => chunk.byteLength },
  );
}

/** Writes a web `Response` from tus to the node response, streaming any body. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: string[] = [];
  for (const [name, value] of response.headers) headers.push(name, value);
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res);
}
