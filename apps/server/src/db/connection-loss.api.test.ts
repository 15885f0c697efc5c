import type { AddressInfo } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';
import { expectFailuresAre503, startLoad, summarise, watchUncaught } from '../test/outage.js';
import { courses } from './schema.js';

/*
 * Every connection the server holds to PostgreSQL is ended under it, as a restart, a failover or an
 * idle-connection reaper does (57P01), with a real listening server and requests in flight.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)(
  `the server when PostgreSQL ends its connections${adminUrl ? '' : ' (skipped: set TEST_DATABASE_URL to run it on PostgreSQL)'}`,
  () => {
    const t = useTestApp();
    const watch = watchUncaught();
    let base: string;
    let headers: Record<string, string>;
    let admin: pg.Client;
    let name: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      headers = (await t.login('ROLE_ADMIN')).headers;
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const result = (await t.database.db.execute(sql`select current_database() as name`)) as {
        rows: { name: string }[];
      };
      name = result.rows[0]?.name as string;
    });
    afterAll(async () => {
      watch.stop();
      await admin?.end();
    });

    /** Ends every connection to the test's database but the admin's own; answers how many there were. */
    const terminate = async () => {
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      return ended.rowCount ?? 0;
    };

    it('survives its idle connections being ended and answers the next request', async () => {
      expect((await fetch(`${base}/api/courses?limit=5`, { headers })).status).toBe(200);
      expect(await terminate()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(watch.uncaught).toEqual([]);
      expect((await fetch(`${base}/api/courses?limit=5`, { headers })).status).toBe(200);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    });

    it('answers 503 at worst while its connections are ended under load, recovers, and keeps every acknowledged write', async () => {
      const load = startLoad(base, headers);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const fault = performance.now();
      expect(await terminate()).toBeGreaterThan(0);
      try {
        await load.recovered(fault);
      } finally {
        await load.stop();
      }
      const { recoverySeconds } = summarise(
        'pg_terminate_backend under load',
        load.outcomes,
        fault,
        'the connections were ended',
      );
      expect(watch.uncaught).toEqual([]);
      expectFailuresAre503(load.outcomes);
      expect(recoverySeconds).toBeLessThan(5);
      expect(load.outcomes.filter((o) => o.start > fault && o.status === 201).length).toBeGreaterThan(0);
      const stored = await t.database.db
        .select({ id: courses.id })
        .from(courses)
        .where(inArray(courses.id, load.acknowledged));
      expect(stored).toHaveLength(load.acknowledged.length);
    });

    it('listens again after its notification connection is ended, and says so to its users', async () => {
      const events: string[] = [];
      const stop = await t.database.listen(
        'valence_outage_test',
        (payload) => events.push(`heard ${payload}`),
        () => events.push('lost'),
        () => events.push('regained'),
      );
      try {
        await terminate();
        await expect.poll(() => events, { timeout: 10_000 }).toEqual(expect.arrayContaining(['lost', 'regained']));
        expect(events.indexOf('lost')).toBeLessThan(events.indexOf('regained'));
        await t.database.db.execute(sql`select pg_notify('valence_outage_test', 'after')`);
        await expect.poll(() => events, { timeout: 5000 }).toContain('heard after');
      } finally {
        await stop();
      }
      expect(watch.uncaught).toEqual([]);
    });
  },
);
