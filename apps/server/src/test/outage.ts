import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';

/*
 * Requests flowing while the database goes away and comes back, and a PostgreSQL cluster of a test's
 * own to stop and start: for the tests that prove the server rides out an outage.
 */

export type Outcome = {
  kind: 'read' | 'write';
  /** performance.now() when the request was sent and when its answer (or failure) came. */
  start: number;
  end: number;
  /** The HTTP status; 0 when no answer came (the connection failed or the request timed out). */
  status: number;
  body: unknown;
};

/** No request may take longer than this, outage or not. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * `workers` clients, each sending one request after another to the server at `base` with `headers`:
 * a page of courses, the caller's own account, and (one in three) a new course, whose id counts as an
 * acknowledged write once it has been answered 201.
 */
export function startLoad(base: string, headers: Record<string, string>, workers = 6) {
  const outcomes: Outcome[] = [];
  const acknowledged: number[] = [];
  let running = true;
  let sent = 0;
  const one = async (n: number) => {
    const kind = n % 3 === 0 ? 'write' : 'read';
    const request: [string, RequestInit] =
      kind === 'write'
        ? [
            '/api/courses',
            {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ title: `Outage ${n}`, description: 'written under load' }),
            },
          ]
        : [n % 3 === 1 ? '/api/courses?limit=5' : '/api/me', { headers }];
    const start = performance.now();
    try {
      const answer = await fetch(`${base}${request[0]}`, {
        ...request[1],
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await answer.text();
      const body = text ? JSON.parse(text) : undefined;
      outcomes.push({ kind, start, end: performance.now(), status: answer.status, body });
      if (kind === 'write' && answer.status === 201) acknowledged.push((body as { id: number }).id);
    } catch (error) {
      outcomes.push({ kind, start, end: performance.now(), status: 0, body: String(error) });
    }
  };
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (running) await one(sent++);
    }),
  );
  return {
    outcomes,
    acknowledged,
    /**
     * Resolves once every request sent in the last `quietMs` succeeded (at least 20 of them, reads and
     * writes), all sent after `since`; rejects after `limitMs`.
     */
    async recovered(since: number, { quietMs = 1000, limitMs = 20_000 } = {}) {
      const deadline = performance.now() + limitMs;
      for (;;) {
        const now = performance.now();
        const recent = outcomes.filter((o) => o.start >= Math.max(since, now - quietMs));
        const failedLately = outcomes.some((o) => !ok(o) && o.end >= now - quietMs);
        if (!failedLately && recent.length >= 20 && recent.every(ok) && new Set(recent.map((o) => o.kind)).size === 2)
          return;
        if (now > deadline) throw new Error(`Requests did not recover within ${limitMs} ms.`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

const ok = (outcome: Outcome) => outcome.status === 200 || outcome.status === 201;

/**
 * How the requests fared: how many failed, how long after `from` (`fromLabel`: the fault, or
 * PostgreSQL answering again) the last failure came, and the slowest failure. Printed, so a run
 * shows the figures.
 */
export function summarise(label: string, outcomes: Outcome[], from: number, fromLabel: string) {
  const failed = outcomes.filter((o) => !ok(o));
  const lastFailure = Math.max(from, ...failed.map((o) => o.end));
  const recoverySeconds = (lastFailure - from) / 1000;
  const slowestFailureMs = Math.max(0, ...failed.map((o) => o.end - o.start));
  const statuses = Object.entries(
    outcomes.reduce<Record<string, number>>((counts, o) => {
      counts[o.status] = (counts[o.status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `${label}: ${failed.length} of ${outcomes.length} requests failed (${statuses}), the slowest failure ` +
      `answered in ${Math.round(slowestFailureMs)} ms; every request succeeded from ${recoverySeconds.toFixed(2)} s ` +
      `after ${fromLabel}`,
  );
  return { failed, recoverySeconds };
}

/**
 * What every outage must look like from outside: each request answered (none hung or cut off), no
 * 500, every failure a quick 503 with a `{ message }`.
 */
export function expectFailuresAre503(outcomes: Outcome[], withinMs = 5000) {
  const failed = outcomes.filter((o) => !ok(o));
  expect(failed.filter((o) => o.status !== 503).map((o) => `${o.status} ${JSON.stringify(o.body)}`)).toEqual([]);
  for (const o of failed) expect(o.body).toEqual({ message: expect.stringMatching(/\.$/) });
  expect(failed.filter((o) => o.end - o.start > withinMs).map((o) => Math.round(o.end - o.start))).toEqual([]);
}

/** Records uncaught exceptions without changing what Node does with them (they would end a real server). */
export function watchUncaught() {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on('uncaughtExceptionMonitor', record);
  return { uncaught, stop: () => process.off('uncaughtExceptionMonitor', record) };
}

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed (Debian's layout), or undefined. */
export async function postgresBinaries(): Promise<string | undefined> {
  const root = '/usr/lib/postgresql';
  const versions = await readdir(root).catch(() => [] as string[]);
  const newest = versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(root, v, 'bin'));
  for (const bin of newest) {
    if ((await readdir(bin).catch(() => [] as string[])).includes('initdb')) return bin;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL cluster of the test's own in a temporary folder on a free port, trusting local
 * connections. PostgreSQL refuses to run as root: as root (CI) its commands run as the `postgres` user,
 * who then owns the folder.
 */
export async function startTempCluster(bin: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'valence-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB`;
  const start = () => pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    /** Fast mode: sessions are ended (57P01) and the server stops after a checkpoint. */
    stop: () => pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    /** Stops the cluster however it is and removes its folder. */
    async remove() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
