import { createServer, type Server, type Socket } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../storage/s3-storage.js';
import { registerErrorHandler } from './error-handler.js';

/*
 * A database or file store that is away is answered 503 with a sentence, never 500: each error here is
 * made the way pg, pg-pool, Drizzle and the S3 client make it, against sockets that misbehave as a
 * restarting or unreachable server does.
 */

const servers: Server[] = [];
const sockets: Socket[] = [];

/** A TCP server on a free port that treats each connection with `onConnection`. */
async function fakeServer(onConnection: (socket: Socket) => void): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

/** What the promise rejected with (failing the test if it did not). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a failure'),
    (error: unknown) => error,
  );
}

let closedPort: number;
let silentPort: number;
let resettingPort: number;
let closingPort: number;
beforeAll(async () => {
  const closed = await fakeServer(() => undefined);
  closedPort = closed.port;
  await new Promise((resolve) => closed.server.close(resolve));
  const silent = await fakeServer(() => undefined); // accepts, never answers
  const resetting = await fakeServer((socket) => socket.resetAndDestroy());
  const closing = await fakeServer((socket) => socket.end());
  servers.push(silent.server, resetting.server, closing.server);
  [silentPort, resettingPort, closingPort] = [silent.port, resetting.port, closing.port];
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const client = (port: number) => new pg.Client({ host: '127.0.0.1', port, user: 'valence', database: 'valence' });

/** As Drizzle reports a failed statement: its parameters in the message, pg's error as the cause. */
const wrapped = (cause: Error) => new DrizzleQueryError('select * from accounts where username = $1', ['bob'], cause);

/** PostgreSQL's FATAL answer as pg parses it. */
function serverError(code: string, message: string) {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), { severity: 'FATAL', code });
}

/** What the app answers when a route throws what `fail` rejects with. */
async function answerTo(fail: () => Promise<unknown>) {
  const error = await rejection(fail());
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/', async () => {
    throw error;
  });
  const answer = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: answer.statusCode, body: answer.json(), retryAfter: answer.headers['retry-after'] };
}

const databaseAway = {
  status: 503,
  body: { message: 'The database is not answering at the moment. Please try again in a few seconds.' },
  retryAfter: '2',
};

describe('errors of a database or file store that is away', () => {
  it('answers 503 when PostgreSQL ends the session (57P01), as a restart or failover does', async () => {
    const ended = serverError('57P01', 'terminating connection due to administrator command');
    expect(await answerTo(async () => Promise.reject(wrapped(ended)))).toEqual(databaseAway);
    const starting = serverError('57P03', 'the database system is starting up');
    expect(await answerTo(async () => Promise.reject(starting))).toEqual(databaseAway);
  });

  it('answers 503 when the connection is refused (ECONNREFUSED)', async () => {
    const refused = await rejection(client(closedPort).connect());
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(await answerTo(async () => Promise.reject(wrapped(refused as Error)))).toEqual(databaseAway);
  });

  it('answers 503 when the connection is reset (ECONNRESET)', async () => {
    const reset = await rejection(client(resettingPort).connect());
    expect(reset).toMatchObject({ code: 'ECONNRESET' });
    expect(await answerTo(async () => Promise.reject(reset))).toEqual(databaseAway);
  });

  it('answers 503 when the server closes the connection ("Connection terminated unexpectedly")', async () => {
    const terminated = await rejection(client(closingPort).connect());
    expect(terminated).toMatchObject({ message: 'Connection terminated unexpectedly' });
    expect(await answerTo(async () => Promise.reject(wrapped(terminated as Error)))).toEqual(databaseAway);
  });

  it('answers 503 when no connection can be had in time (the pool’s connect timeout, and its queue’s)', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: silentPort, max: 1, connectionTimeoutMillis: 200 });
    pool.on('error', () => undefined);
    try {
      const [connecting, queued] = await Promise.all([rejection(pool.connect()), rejection(pool.connect())]);
      const messages = [connecting, queued].map((error) => (error as Error).message).sort();
      expect(messages).toEqual([
        'Connection terminated due to connection timeout',
        'timeout exceeded when trying to connect',
      ]);
      expect(await answerTo(async () => Promise.reject(connecting))).toEqual(databaseAway);
      expect(await answerTo(async () => Promise.reject(queued))).toEqual(databaseAway);
    } finally {
      await pool.end();
    }
  });

  it('answers 503 when the S3 store refuses connections, with its own sentence', async () => {
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${closedPort}`,
      bucket: 'valence',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(await answerTo(() => storage.stat('papers/1.pdf'))).toEqual({
      status: 503,
      body: { message: 'The file store is not answering at the moment. Please try again in a few seconds.' },
      retryAfter: '2',
    });
  });

  it('still answers 500 to a statement that is wrong, and 409 to a duplicate', async () => {
    const syntax = serverError('42601', 'syntax error at or near "selec"');
    expect((await answerTo(async () => Promise.reject(wrapped(syntax)))).status).toBe(500);
    const duplicate = Object.assign(serverError('23505', 'duplicate key value'), { severity: 'ERROR' });
    expect((await answerTo(async () => Promise.reject(wrapped(duplicate)))).status).toBe(409);
    expect((await answerTo(async () => Promise.reject(new Error('boom')))).status).toBe(500);
  });
});
