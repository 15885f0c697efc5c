import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { closeAfterAnswer } from '../lib/close-connection.js';
import { badRequest, conflict, HttpError } from '../lib/errors.js';
import { defineSweepJob } from '../queue/define-job.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The call may carry an `Idempotency-Key` header: the first successful answer under that key is
     * kept for a day for the caller, and a repeat of the same request answers it again instead of
     * doing the work twice (an import, a bulk add, a copy, a hand-in).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: Claim;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that was kept from the first request with the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  inFlight: 'This request is already being processed.',
  reused: 'This Idempotency-Key was already used for a different request; send a new key for a new action.',
} as const;

const KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a kept answer is replayed. */
const KEEP = sql`interval '1 day'`;
/**
 * A request still unanswered after this long is taken to be lost (its server stopped mid-way): the
 * key may then be used again. Longer than the slowest hand-in of a large script on a phone.
 */
const ABANDONED = sql`interval '30 minutes'`;

/** A key this request holds: `nonce` marks the row as its own while the work is under way. */
type Claim = { accountId: number; key: string; nonce: string; payload?: unknown; settled: boolean };

type KeptRow = { fingerprint: string; status: number | null; body: string | null };

/** What makes two requests "the same": method, address with its query, and the body (a file's by its length). */
function fingerprintOf(request: FastifyRequest): string {
  const body =
    request.body === undefined || request.body === null
      ? `length:${request.headers['content-length'] ?? ''}`
      : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('base64url');
}

/** The table's statements: the row of a key is the lock, so two servers never both do the work. */
const store = {
  /** Takes the key (new, expired or abandoned): true when this request is to do the work. */
  async claim(db: DbOrTx, claim: Claim, fingerprint: string): Promise<boolean> {
    const taken = await db.execute(sql`
      insert into idempotency_keys as k (account_id, key, fingerprint, body, expires_at)
      values (${claim.accountId}, ${claim.key}, ${fingerprint}, ${claim.nonce}, now() + ${KEEP})
      on conflict (account_id, key) do update set
        fingerprint = excluded.fingerprint, status = null, body = excluded.body,
        created_at = now(), expires_at = excluded.expires_at
      where k.expires_at <= now() or (k.status is null and k.created_at <= now() - ${ABANDONED})
      returning 1 as taken`);
    return rowsOf(taken).length > 0;
  },
  async read(db: DbOrTx, accountId: number, key: string): Promise<KeptRow | undefined> {
    const rows = rowsOf(
      await db.execute(sql`
        select fingerprint, status, body from idempotency_keys where account_id = ${accountId} and key = ${key}`),
    );
    const row = rows[0];
    return (
      row && {
        fingerprint: String(row.fingerprint),
        status: row.status === null ? null : Number(row.status),
        body: row.body as string | null,
      }
    );
  },
  async keep(db: DbOrTx, claim: Claim, status: number, body: string): Promise<void> {
    await db.execute(sql`
      update idempotency_keys set status = ${status}, body = ${body}
      where account_id = ${claim.accountId} and key = ${claim.key} and status is null and body = ${claim.nonce}`);
  },
  async release(db: DbOrTx, claim: Claim): Promise<void> {
    await db.execute(sql`
      delete from idempotency_keys
      where account_id = ${claim.accountId} and key = ${claim.key} and status is null and body = ${claim.nonce}`);
  },
  async sweep(db: DbOrTx): Promise<void> {
    await db.execute(sql`delete from idempotency_keys where expires_at <= now()`);
  },
};

/** Deletes the keys past their day, hourly on the queue (minute 27, apart from the other sweeps). */
export const sweepIdempotencyKeysJob = defineSweepJob('idempotency.sweep-keys', { expireInSeconds: 10 * 60 });

/**
 * Registered inside the API scope, before the routes: every route declared `idempotent` honours an
 * `Idempotency-Key` header. Only a successful (2xx) answer is kept: after a refusal or a failure the
 * key is let go, so the same request sent again runs again (nothing was done the first time).
 * Without the header a call runs as it always did.
 */
export async function idempotency(app: FastifyInstance): Promise<void> {
  void app.jobs.work(sweepIdempotencyKeysJob, async () => {
    await store.sweep(app.db);
    return null;
  });
  app.jobs.schedule(sweepIdempotencyKeysJob, '27 * * * *');

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!KEY.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
    // Every such route has an access level above public: the key is the caller's own.
    const accountId = request.principal?.id;
    if (accountId === undefined) return;
    const fingerprint = fingerprintOf(request);
    const claim: Claim = { accountId, key, nonce: randomUUID(), settled: false };
    // A row let go between the claim and the read is claimed again; twice is plenty.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await store.claim(app.db, claim, fingerprint)) {
        request.idempotency = claim;
        return;
      }
      const kept = await store.read(app.db, accountId, key);
      if (!kept) continue;
      // A file not read stays in the socket: the answer ends the connection instead of waiting for it.
      closeAfterAnswer(request.raw, reply.raw);
      if (kept.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
      if (kept.status === null) throw conflict(IDEMPOTENCY_MESSAGES.inFlight);
      reply.code(kept.status).header(REPLAYED_HEADER, 'true');
      return reply.send(kept.body === null ? undefined : JSON.parse(kept.body));
    }
    throw conflict(IDEMPOTENCY_MESSAGES.inFlight);
  };

  const preSerialization = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (request.idempotency) request.idempotency.payload = payload;
    return payload;
  };

  // Before the answer leaves: a client that repeats the moment it hears it finds it kept.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotency;
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300 && claim.payload !== undefined;
    try {
      if (ok) await store.keep(app.db, claim, reply.statusCode, JSON.stringify(claim.payload));
      else await store.release(app.db, claim);
    } catch (error) {
      // The work is done and answered either way; a key not kept only means a repeat runs again.
      request.log.warn({ err: error }, 'could not keep the answer of an idempotent request');
    }
    return payload;
  };

  // An answer that never reached onSend (the client went away) lets the key go.
  const onResponse: onRequestHookHandler = (request, _reply, done) => {
    const claim = request.idempotency;
    if (!claim || claim.settled) return done();
    claim.settled = true;
    store.release(app.db, claim).then(
      () => done(),
      (error) => {
        request.log.warn({ err: error }, 'could not let go of an idempotency key');
        done();
      },
    );
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    const add = <H>(existing: H | H[] | undefined, hook: H): H[] => [...[existing ?? []].flat(), hook] as H[];
    route.preHandler = add(route.preHandler, preHandler as never);
    route.preSerialization = add(route.preSerialization, preSerialization as never);
    route.onSend = add(route.onSend, onSend as never);
    route.onResponse = add(route.onResponse, onResponse as never);
  });
}
