import type { AddressInfo } from 'node:net';
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../test/harness.js';
import { defineJob } from './define-job.js';

/**
 * What the queue costs the requests beside it, printed (not a test of the suite: it runs only with
 * BENCH_QUEUE=1): `GET /health` (one statement) timed over HTTP while the queue is idle (its workers
 * polling, its maintenance) and while jobs run that each send BENCH_QUEUE_STATEMENTS statements, two
 * at a time. On the embedded database every statement of both shares its one connection.
 *   BENCH_QUEUE=1 npx vitest run --project api apps/server/src/queue/queue-load.bench.api.test.ts
 */
const JOBS = Number(process.env.BENCH_QUEUE_JOBS ?? 100);
const STATEMENTS = Number(process.env.BENCH_QUEUE_STATEMENTS ?? 100);
/** BENCH_QUEUE_YIELD=0: the jobs never yield to the event loop between statements. */
const YIELD = process.env.BENCH_QUEUE_YIELD !== '0';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2);
  return `n=${sorted.length} p50=${f(percentile(sorted, 50))} ms p95=${f(percentile(sorted, 95))} ms p99=${f(percentile(sorted, 99))} ms max=${f(sorted.at(-1) ?? 0)} ms`;
};

describe.skipIf(!process.env.BENCH_QUEUE)('the queue beside requests', () => {
  const t = useTestApp();

  it('times the health check idle and while jobs run', { timeout: 10 * 60_000 }, async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const health = async () => {
      const start = performance.now();
      const answer = await fetch(`${base}/api/health`);
      await answer.arrayBuffer();
      expect(answer.status).toBe(200);
      return performance.now() - start;
    };
    for (let i = 0; i < 20; i++) await health();

    const idle: number[] = [];
    const idleUntil = Date.now() + 10_000;
    while (Date.now() < idleUntil) {
      idle.push(await health());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const work = defineJob({ name: 'bench.work', payload: z.object({ n: z.number() }), retryLimit: 0 });
    let finished = 0;
    await t.app.jobs.work(
      work,
      async (_payload, job) => {
        for (let i = 1; i <= STATEMENTS; i++) {
          await t.app.db.execute(sql`select count(*) from accounts`);
          // PGlite answers without I/O: a loop of statements alone never lets a request in (measured:
          // a health check waited 46 s behind 200 such jobs). A real job's I/O yields; this one must.
          if (YIELD) await setImmediate();
          if (i % 10 === 0) await job.progress({ done: i, total: STATEMENTS });
        }
        finished += 1;
        return null;
      },
      { concurrency: 2 },
    );
    const started = performance.now();
    for (let n = 0; n < JOBS; n++) await t.app.jobs.send(work, { n });
    const busy: number[] = [];
    while (finished < JOBS) {
      busy.push(await health());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`[queue bench] ${t.database.kind}, jobs yield between statements: ${YIELD}`);
    console.log(`[queue bench] health, queue idle:      ${summary(idle)}`);
    console.log(`[queue bench] health, jobs running:    ${summary(busy)}`);
    console.log(
      `[queue bench] ${JOBS} jobs of ${STATEMENTS} statements in ${seconds.toFixed(1)} s (${(JOBS / seconds).toFixed(1)} jobs/s)`,
    );
  });
});
