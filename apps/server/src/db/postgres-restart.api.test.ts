import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import {
  expectFailuresAre503,
  postgresBinaries,
  startLoad,
  startTempCluster,
  summarise,
  watchUncaught,
} from '../test/outage.js';
import { courses } from './schema.js';

/*
 * A real PostgreSQL restart under load: a cluster of this file's own (never the shared one) is
 * stopped in fast mode for 2.5 s while a listening server takes reads and writes, then started again.
 */
const bin = await postgresBinaries();
const skipped = !process.env.TEST_DATABASE_URL
  ? 'set TEST_DATABASE_URL to run the PostgreSQL tests'
  : !bin
    ? 'no PostgreSQL server binaries under /usr/lib/postgresql'
    : undefined;

const OUTAGE_MS = 2500;

describe.skipIf(skipped !== undefined)(
  `the server across a PostgreSQL restart${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let cluster: Awaited<ReturnType<typeof startTempCluster>> | undefined;
    let t: TestApp | undefined;
    const watch = watchUncaught();
    beforeAll(async () => {
      cluster = await startTempCluster(bin as string);
      t = await createTestApp({ databaseUrl: cluster.url });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    // The cluster goes whatever happened: a test that failed half-way must not leave it running.
    afterAll(async () => {
      watch.stop();
      try {
        await t?.close();
      } finally {
        await cluster?.remove();
      }
    });

    it('answers 503 quickly while PostgreSQL is down, recovers within seconds, and keeps every acknowledged write', async () => {
      if (!t || !cluster) throw new Error('The cluster did not start.');
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const { headers } = await t.login('ROLE_ADMIN');
      const load = startLoad(base, headers);
      let down = 0;
      let up = 0;
      let health: { during: number; after: number } | undefined;
      try {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        down = performance.now();
        await cluster.stop();
        const healthDuring = await fetch(`${base}/api/health`);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, down + OUTAGE_MS - performance.now())));
        await cluster.start();
        up = performance.now();
        await load.recovered(up);
        health = { during: healthDuring.status, after: (await fetch(`${base}/api/health`)).status };
      } finally {
        await load.stop();
      }
      const during = load.outcomes.filter((o) => o.start >= down && o.end <= up);
      console.log(`PostgreSQL was down for ${((up - down) / 1000).toFixed(2)} s (stop to answering again)`);
      const { recoverySeconds } = summarise('real restart under load', load.outcomes, up, 'PostgreSQL answered again');
      expect(watch.uncaught).toEqual([]);
      expectFailuresAre503(load.outcomes);
      // Requests went on being answered while it was down (refused quickly rather than queued).
      expect(during.length).toBeGreaterThan(10);
      expect(recoverySeconds).toBeLessThan(5);
      expect(health).toEqual({ during: 503, after: 200 });
      const stored = await t.database.db
        .select({ id: courses.id })
        .from(courses)
        .where(inArray(courses.id, load.acknowledged));
      expect(stored).toHaveLength(load.acknowledged.length);
      expect(load.outcomes.filter((o) => o.start > up && o.status === 201).length).toBeGreaterThan(0);
    });
  },
);
