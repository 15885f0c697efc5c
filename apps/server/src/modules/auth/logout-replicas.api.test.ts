import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import { type AuthHeaders, useTestApp } from '../../test/harness.js';

const t = useTestApp();
const replicas: FastifyInstance[] = [];

/**
 * A second server on the same database and secret, as a replica behind a load balancer would be;
 * `lateMs` delays every notification it hears, as a busy network or server does.
 */
async function replicaOf(lateMs = 0): Promise<FastifyInstance> {
  const database: Database = lateMs
    ? {
        ...t.database,
        listen: (channel, onMessage, onLost, onRegained) =>
          t.database.listen(channel, (payload) => setTimeout(() => onMessage(payload), lateMs), onLost, onRegained),
      }
    : t.database;
  const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
  const replica = await buildApp({ config, database, storage: t.storage, secret: t.app.signingSecret, logger: false });
  await replica.ready();
  replicas.push(replica);
  return replica;
}

let prompt: FastifyInstance;
let late: FastifyInstance;
beforeAll(async () => {
  prompt = await replicaOf();
  late = await replicaOf(70);
});
afterAll(async () => {
  for (const replica of replicas) await replica.close();
});

const me = (server: FastifyInstance, headers: AuthHeaders) =>
  server.inject({ method: 'GET', url: '/api/me', headers }).then((answer) => answer.statusCode);

/** A fresh token for the account, as a new sign-in would give it. */
async function freshToken(id: number): Promise<AuthHeaders> {
  const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, id));
  if (!account) throw new Error(`No account ${id}.`);
  return { authorization: `Bearer ${await t.app.tokens.sign(account)}` };
}

const TRIALS = 30;

type End = (headers: AuthHeaders, username: string) => Promise<number>;

/**
 * Each trial: the replica has just checked the token (so it keeps the session in memory), the
 * session ends on the first server, and the replica is asked with the old token the moment that
 * answers. Answers how many trials the replica still accepted it.
 */
async function acceptedAfterEnd(replica: FastifyInstance, end: End) {
  const student = await t.login('ROLE_STUDENT');
  let accepted = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const headers = await freshToken(student.id);
    // Until the replica has heard the last trial's change it may still refuse the new token.
    await expect.poll(() => me(replica, headers), { timeout: 2000 }).toBe(200);
    expect(await me(replica, headers)).toBe(200);
    expect(await end(headers, student.username)).toBe(204);
    if ((await me(replica, headers)) !== 401) accepted++;
  }
  return accepted;
}

const selfLogout: End = async (headers) => (await t.call('POST', '/api/logout', headers)).statusCode;

async function forcedLogout(): Promise<End> {
  const staff = await t.login('ROLE_ADMIN');
  return async (_headers, username) =>
    (await t.call('POST', '/api/logoutstudent', staff.headers, { username })).statusCode;
}

describe('sessions ended on one server, checked on another', () => {
  const cases = [
    { name: 'hearing changes at once', replica: () => prompt, runs: true },
    // The embedded database has no replicas: one process owns it, and hears a change as it commits.
    { name: 'hearing changes 70 ms late', replica: () => late, runs: Boolean(process.env.TEST_DATABASE_URL) },
  ];
  for (const { name, replica, runs } of cases) {
    it.runIf(runs)(`once self-logout has answered, a replica ${name} refuses the old token`, async () => {
      const accepted = await acceptedAfterEnd(replica(), selfLogout);
      expect(accepted, `old token accepted in ${accepted} of ${TRIALS} trials`).toBe(0);
    });

    it.runIf(runs)(`once a forced logout has answered, a replica ${name} refuses the old token`, async () => {
      const accepted = await acceptedAfterEnd(replica(), await forcedLogout());
      expect(accepted, `old token accepted in ${accepted} of ${TRIALS} trials`).toBe(0);
    });
  }

  for (const { name, replica, runs } of cases) {
    it.runIf(runs)(`once a staff account's disabling has answered, a replica ${name} refuses its token`, async () => {
      const boss = await t.login('ROLE_SUPERADMIN');
      const tutor = await t.login('ROLE_ADMIN');
      const disable = (disabled: boolean) =>
        t.call('PATCH', `/api/staff/${tutor.id}`, boss.headers, { disabled }).then((answer) => answer.statusCode);
      let accepted = 0;
      for (let trial = 0; trial < 10; trial++) {
        expect(await disable(false)).toBe(200);
        const headers = await freshToken(tutor.id);
        await expect.poll(() => me(replica(), headers), { timeout: 2000 }).toBe(200);
        expect(await disable(true)).toBe(200);
        if ((await me(replica(), headers)) !== 401) accepted++;
      }
      expect(accepted, `disabled account's token accepted in ${accepted} of 10 trials`).toBe(0);
    });
  }
});
