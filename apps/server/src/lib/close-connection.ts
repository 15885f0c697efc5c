import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much of a refused request's body is still read (and dropped) after the answer has gone, and
 * for how long: a client that reads only once it has sent everything (a small form, the rest of a
 * short PATCH) then finishes sending and hears the answer. Beyond either limit the connection is cut.
 */
export const DRAIN_LIMITS = { bytes: 1024 * 1024, ms: 1000 };

/**
 * Answers a request whose body will not be read (an upload refused part-way, a store that failed)
 * with `Connection: close`, and ends the connection once the answer is written. Left to itself,
 * Node keeps the socket open behind the answer until the client has sent its whole body, which for
 * a multi-GB upload means minutes, a client waiting to finish sending hangs, and closing the server
 * waits for it. Does nothing for a request whose body has been read already.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse, limits = DRAIN_LIMITS): void {
  // `complete` is Node's own; a request made by app.inject has none, and no connection to close.
  if (req.complete !== false || (res as { closeAfterAnswer?: boolean }).closeAfterAnswer) return;
  (res as { closeAfterAnswer?: boolean }).closeAfterAnswer = true;
  if (!res.headersSent) res.setHeader('connection', 'close');
  res.once('finish', () => {
    const socket = req.socket;
    if (req.complete || socket.destroyed) return;
    const cut = () => socket.destroy();
    const timer = setTimeout(cut, limits.ms);
    let drained = 0;
    socket.once('close', () => clearTimeout(timer));
    // Whoever was reading the body (a form parser) has given up on it: the bytes go nowhere.
    req.unpipe();
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > limits.bytes) cut();
    });
    req.once('end', cut);
    req.once('error', cut);
    req.resume();
  });
}
