import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { OpsIo } from './ops-io.js';

/**
 * While the server holds DATA_DIR, the commands that would need the folder (create-staff, seed:demo,
 * backup, sweep-files) reach it through a Unix socket the server listens on instead of opening the
 * database a second time. The socket is made under the server's umask (0077): only the user who
 * may read DATA_DIR's database files anyway can connect, so it asks no password.
 */
export type ControlHandlers = {
  run: (name: string, argv: string[], io: OpsIo) => Promise<number>;
  /** A consistent physical copy of the embedded database, as a tar stream. */
  databaseSnapshot: () => Promise<Readable>;
};

/** Linux caps a socket path at 107 bytes: a deep DATA_DIR gets one in the temp folder instead. */
export function controlSocketPath(dataDir: string): string {
  const inFolder = path.join(dataDir, 'control.sock');
  if (Buffer.byteLength(inFolder) < 100) return inFolder;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `valence-${digest}.sock`);
}

export async function listenControlSocket(socket: string, handlers: ControlHandlers): Promise<() => Promise<void>> {
  // A socket file left by a killed server: the lock says nobody else holds the folder.
  rmSync(socket, { force: true });
  const server = http.createServer((request, response) => {
    void answer(request, response, handlers).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(
        `${JSON.stringify({ err: String((error as Error).message ?? error) })}\n${JSON.stringify({ exit: 1 })}\n`,
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      rmSync(socket, { force: true });
    });
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse, handlers: ControlHandlers) {
  if (request.method === 'GET' && request.url === '/database-snapshot') {
    const tar = await handlers.databaseSnapshot();
    response.writeHead(200, { 'content-type': 'application/x-tar' });
    tar.pipe(response);
    return;
  }
  if (request.method !== 'POST' || request.url !== '/run') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const { name, argv } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name: string; argv: string[] };
  response.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const line = (value: object) => response.write(`${JSON.stringify(value)}\n`);
  const code = await handlers.run(name, argv, {
    out: (text) => line({ out: text }),
    err: (text) => line({ err: text }),
  });
  response.end(`${JSON.stringify({ exit: code })}\n`);
}

function request(socket: string, method: string, url: string, body?: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: socket, method, path: url }, resolve);
    req.once('error', reject);
    req.end(body);
  });
}

/** Runs a command in the server that holds the folder, printing what it prints; answers its exit code. */
export async function runThroughSocket(socket: string, name: string, argv: string[], io: OpsIo): Promise<number> {
  const response = await request(socket, 'POST', '/run', JSON.stringify({ name, argv }));
  let exit = 1;
  let rest = '';
  for await (const chunk of response) {
    rest += (chunk as Buffer).toString('utf8');
    let newline = rest.indexOf('\n');
    while (newline >= 0) {
      const message = JSON.parse(rest.slice(0, newline)) as { out?: string; err?: string; exit?: number };
      if (message.out !== undefined) io.out(message.out);
      if (message.err !== undefined) io.err(message.err);
      if (message.exit !== undefined) exit = message.exit;
      rest = rest.slice(newline + 1);
      newline = rest.indexOf('\n');
    }
  }
  return exit;
}

export async function fetchDatabaseSnapshot(socket: string): Promise<Readable> {
  const response = await request(socket, 'GET', '/database-snapshot');
  if (response.statusCode !== 200)
    throw new Error(`The server could not make a snapshot (HTTP ${response.statusCode}).`);
  return response;
}
