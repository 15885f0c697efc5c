import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Job, JobsPage } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { backupCommand } from '../ops/backup.js';
import { restoreCommand } from '../ops/restore.js';
import { LocalStorage } from '../storage/local-storage.js';
import { createTestDatabase, dropTestDatabase, expectMessage, expectStatus, useTestApp } from '../test/harness.js';
import { queueSql } from '../test/queue.js';
import { defineJob } from './define-job.js';
import { SHUTDOWN_REASON } from './job-queue.js';

const until = async (check: () => Promise<boolean>, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('the job queue', () => {
  const t = useTestApp();
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = (await t.login('ROLE_SUPERADMIN')).headers;
  });
  const jobs = async (query: string) => expectStatus<JobsPage>(await t.call('GET', `/api/jobs?${query}`, headers), 200);
  const jobById = async (name: string, id: string) =>
    (await jobs(`name=${name}&limit=100`)).items.find((job) => job.id === id);

  it('runs a job: queued, running with its progress, completed with its result', async () => {
    const life = defineJob({ name: 'test.life', payload: z.object({ n: z.number().int() }) });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: number[] = [];
    await t.app.jobs.work(life, async (payload, job) => {
      seen.push(payload.n);
      await job.progress({ done: 1, total: 2, note: 'half way' });
      await gate;
      return { summary: `squared: ${payload.n * payload.n}` };
    });
    const id = (await t.app.jobs.send(life, { n: 7 })) as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(async () => (await jobById('test.life', id))?.progress?.done === 1, 'progress');
    expect(await jobById('test.life', id)).toMatchObject({
      state: 'running',
      progress: { done: 1, total: 2, note: 'half way' },
      attempts: 1,
      startedOn: expect.any(String),
      completedOn: null,
    });
    expect((await jobs('state=running&name=test.life')).items.map((job) => job.id)).toEqual([id]);
    release();
    await t.app.jobs.idle();
    expect(await jobById('test.life', id)).toMatchObject({
      state: 'completed',
      resultSummary: 'squared: 49',
      failureReason: null,
      progress: { done: 1, total: 2 },
      completedOn: expect.any(String),
    });
    expect(seen).toEqual([7]);
    // A payload its schema refuses is never queued.
    await expect(t.app.jobs.send(life, { n: 1.5 })).rejects.toThrow();
    expect((await jobs('name=test.life')).total).toBe(1);
  });

  it('fails an attempt with its reason, retries it after a back-off, and a superadmin retries it once failed', async () => {
    const flaky = defineJob({
      name: 'test.flaky',
      payload: z.object({}),
      retryLimit: 1,
      retryDelaySeconds: 30,
      retryBackoff: true,
    });
    let calls = 0;
    await t.app.jobs.work(flaky, async () => {
      calls += 1;
      if (calls <= 2) throw new Error(`Broken on attempt ${calls}.`);
      return { summary: 'third time lucky' };
    });
    const id = (await t.app.jobs.send(flaky, {})) as string;
    await until(async () => (await jobById('test.flaky', id))?.state === 'retry', 'the first failure');
    await t.app.jobs.idle();
    expect(await jobById('test.flaky', id)).toMatchObject({
      state: 'retry',
      failureReason: 'Broken on attempt 1.',
      attempts: 1,
      retryLimit: 1,
    });
    // Backed off: not due yet, so running due work now leaves it waiting.
    expect(await t.app.jobs.drain(flaky)).toBe(0);
    const { rows } = await queueSql(t.database)(
      `select extract(epoch from start_after - now())::float as wait from pgboss.job where id = $1::uuid`,
      [id],
    );
    expect((rows[0] as { wait: number }).wait).toBeGreaterThan(10);
    // Time passes (the wait is moved to now): the retry runs and fails for good.
    await queueSql(t.database)(`update pgboss.job set start_after = now() where id = $1::uuid`, [id]);
    await t.app.jobs.drain(flaky);
    await t.app.jobs.idle();
    const failed = (await jobById('test.flaky', id)) as Job;
    expect(failed).toMatchObject({ state: 'failed', failureReason: 'Broken on attempt 2.', attempts: 2 });
    expect((await jobs('state=failed&name=test.flaky')).items.map((job) => job.id)).toEqual([id]);
    expect((await jobs('state=completed&name=test.flaky')).items).toEqual([]);

    const retried = expectStatus<Job>(await t.call('POST', `/api/jobs/${id}/retry`, headers), 200);
    expect(retried.state).toMatch(/^(retry|running|completed)$/);
    await until(async () => (await jobById('test.flaky', id))?.state === 'completed', 'the retried job');
    expect(await jobById('test.flaky', id)).toMatchObject({ resultSummary: 'third time lucky', attempts: 3 });
    expectMessage(
      await t.call('POST', `/api/jobs/${id}/retry`, headers),
      409,
      'Only a failed job can be retried; this one is completed.',
    );
  });

  it('fails an attempt that runs past its time-out, and aborts its signal', async () => {
    const slow = defineJob({ name: 'test.slow', payload: z.object({}), retryLimit: 0, expireInSeconds: 1 });
    let aborted = false;
    await t.app.jobs.work(slow, (_payload, job) => {
      return new Promise((_resolve, reject) => {
        job.signal.addEventListener('abort', () => {
          aborted = true;
          reject(job.signal.reason);
        });
      });
    });
    const id = (await t.app.jobs.send(slow, {})) as string;
    await until(async () => (await jobById('test.slow', id))?.state === 'failed', 'the time-out', 8000);
    expect(await jobById('test.slow', id)).toMatchObject({ failureReason: 'Timed out after 1 s.', attempts: 1 });
    expect(aborted).toBe(true);
  });

  it('keeps a singleton job from being queued twice', async () => {
    const once = defineJob({ name: 'test.once', payload: z.object({ key: z.string() }), policy: 'short' });
    const first = await t.app.jobs.send(once, { key: 'a' }, { singletonKey: 'a' });
    const again = await t.app.jobs.send(once, { key: 'a' }, { singletonKey: 'a' });
    const other = await t.app.jobs.send(once, { key: 'b' }, { singletonKey: 'b' });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect((await jobs('name=test.once&state=queued')).total).toBe(2);
  });

  it('lists jobs by page and filter, and refuses what it cannot do with a clear message', async () => {
    const page = await jobs('limit=2&offset=0');
    expect(page.limit).toBe(2);
    expect(page.items.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expectMessage(
      await t.call('GET', '/api/jobs?state=done', headers),
      400,
      /state must be one of: queued, retry, running, completed, failed, cancelled\./,
    );
    expectMessage(await t.call('POST', '/api/jobs/not-a-uuid/retry', headers), 400, /The job id must be a UUID\./);
    expectMessage(
      await t.call('POST', '/api/jobs/00000000-0000-4000-8000-000000000000/retry', headers),
      404,
      'Job not found.',
    );
    const queued = (await jobs('name=test.once&state=queued')).items[0] as Job;
    expectMessage(
      await t.call('POST', `/api/jobs/${queued.id}/retry`, headers),
      409,
      'Only a failed job can be retried; this one is queued.',
    );
  });
});

async function appOn(database: Database, dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const secret = randomBytes(32).toString('hex');
  const storage = new LocalStorage(path.join(dataDir, 'files'), secret, `${config.apiPrefix}/files`);
  const app = await buildApp({ config, database, storage, secret, logger: false });
  await app.ready();
  return app;
}

const adminUrl = process.env.TEST_DATABASE_URL;

// The embedded store only (PostgreSQL's run covers two servers below instead).
describe.skipIf(adminUrl)('jobs on the embedded database across a restart', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'valence-jobs-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('runs after a restart a job queued before it, and retries one the stop interrupted', async () => {
    const later = defineJob({ name: 'test.later', payload: z.object({ n: z.number() }) });
    const long = defineJob({ name: 'test.long', payload: z.object({}), retryLimit: 1, retryDelaySeconds: 1 });

    let database = await openDatabase({ dataDir });
    let app = await appOn(database, dataDir);
    // No worker for `later` on this server: it stays queued.
    const queued = (await app.jobs.send(later, { n: 5 })) as string;
    let started = false;
    await app.jobs.work(long, async (_payload, job) => {
      started = true;
      await new Promise((_resolve, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason)));
    });
    const interrupted = (await app.jobs.send(long, {})) as string;
    await until(async () => started, 'the long job to start');
    await app.close();
    await database.close();

    database = await openDatabase({ dataDir });
    app = await appOn(database, dataDir);
    try {
      expect(await app.jobs.get(long, interrupted)).toMatchObject({ state: 'retry', failureReason: SHUTDOWN_REASON });
      const ran: number[] = [];
      await app.jobs.work(later, async (payload) => {
        ran.push(payload.n);
        return { summary: 'ran after the restart' };
      });
      await app.jobs.work(long, async () => ({ summary: 'second attempt' }));
      await until(async () => (await app.jobs.get(later, queued))?.state === 'completed', 'the queued job');
      expect(ran).toEqual([5]);
      await until(async () => (await app.jobs.get(long, interrupted))?.state === 'completed', 'the retry', 15_000);
      expect(await app.jobs.get(long, interrupted)).toMatchObject({
        attempts: 2,
        result: { summary: 'second attempt' },
      });
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});

describe.skipIf(!adminUrl)(
  `two servers on one PostgreSQL database${adminUrl ? '' : ' (skipped: set TEST_DATABASE_URL to run it on PostgreSQL)'}`,
  () => {
    it('never run one job twice', async () => {
      const { name, databaseUrl } = await createTestDatabase(adminUrl as string);
      const dirs = [
        await mkdtemp(path.join(os.tmpdir(), 'valence-a-')),
        await mkdtemp(path.join(os.tmpdir(), 'valence-b-')),
      ];
      const databases = [await openDatabase({ databaseUrl }), await openDatabase({ databaseUrl })];
      const apps = [
        await appOn(databases[0] as Database, dirs[0] as string),
        await appOn(databases[1] as Database, dirs[1] as string),
      ];
      try {
        const count = defineJob({ name: 'test.count', payload: z.object({ n: z.number() }), retryLimit: 0 });
        const runs: { server: number; n: number }[] = [];
        for (const [server, app] of apps.entries()) {
          await app.jobs.work(
            count,
            async (payload) => {
              runs.push({ server, n: payload.n });
              await new Promise((resolve) => setTimeout(resolve, 5));
              return null;
            },
            { concurrency: 3 },
          );
        }
        const total = 60;
        await Promise.all(
          Array.from({ length: total }, (_, n) => (apps[n % 2] as FastifyInstance).jobs.send(count, { n })),
        );
        await until(async () => runs.length >= total, 'every job', 30_000);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const ns = runs.map((run) => run.n).sort((a, b) => a - b);
        expect(ns).toEqual(Array.from({ length: total }, (_, n) => n));
        expect(new Set(runs.map((run) => run.server)).size).toBe(2);
      } finally {
        for (const app of apps) await app.close();
        for (const database of databases) await database.close();
        await dropTestDatabase(adminUrl as string, name);
        for (const dir of dirs) await rm(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);

describe.skipIf(!adminUrl)(
  `the queue through a backup and a restore${adminUrl ? '' : ' (skipped: set TEST_DATABASE_URL to run it on PostgreSQL)'}`,
  () => {
    it('carries a queued job from PostgreSQL into an embedded store, where it runs', async () => {
      const { name, databaseUrl } = await createTestDatabase(adminUrl as string);
      const work = await mkdtemp(path.join(os.tmpdir(), 'valence-jobs-backup-'));
      const later = defineJob({ name: 'test.carried', payload: z.object({ n: z.number() }) });
      try {
        const source = await openDatabase({ databaseUrl });
        const app = await appOn(source, path.join(work, 'source'));
        const queued = (await app.jobs.send(later, { n: 42 })) as string;
        await app.close();
        await source.close();

        const file = path.join(work, 'backup.tar');
        const quiet = { log: console.log };
        console.log = () => undefined;
        try {
          const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'source'), LOG_LEVEL: 'silent' };
          expect(await backupCommand(['--out', file], { env })).toBe(0);
          const target = path.join(work, 'target');
          expect(await restoreCommand([file], { env: { DATA_DIR: target, LOG_LEVEL: 'silent' } })).toBe(0);
        } finally {
          console.log = quiet.log;
        }

        const restored = await openDatabase({ dataDir: path.join(work, 'target') });
        const again = await appOn(restored, path.join(work, 'target'));
        try {
          const ran: number[] = [];
          await again.jobs.work(later, async (payload) => {
            ran.push(payload.n);
            return null;
          });
          await until(async () => (await again.jobs.get(later, queued))?.state === 'completed', 'the carried job');
          expect(ran).toEqual([42]);
        } finally {
          await again.close();
          await restored.close();
        }
      } finally {
        await dropTestDatabase(adminUrl as string, name);
        await rm(work, { recursive: true, force: true });
      }
    }, 120_000);
  },
);
