#!/usr/bin/env node
// Memory benchmark (prints figures; not a test): starts the built server as `npm run serve` runs it
// and reads its resident memory: the high-water mark (VmHWM, everything since the process began,
// the store's opening included) and what it holds once idle. Goals, printed, not asserted: the
// embedded store <= 250 MB on a first start (a new data folder, so the store is created and migrated)
// and on a store seeded at --scale 50; on PostgreSQL the idle server <= 120 MB.
//
//   npm run bench:memory                                     # the embedded store, both cases
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:memory
//       # also the server on a scratch database of that PostgreSQL (created, migrated, dropped)
//   BENCH_RUNS=5 BENCH_SCALE=5 npm run bench:memory          # starts per case (default 3); seed scale
//   BENCH_SERVER_NODE_ARGS="--wasm-num-compilation-tasks=128" npm run bench:memory
//       # the server with other node flags after serve's (to see what one of them is worth)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, procMb, root, serverEnv, serverNodeArgs, spread } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const scale = Number(process.env.BENCH_SCALE ?? 50);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) throw new Error('BENCH_RUNS must be 1..9');
if (!Number.isInteger(scale) || scale < 1 || scale > 100) throw new Error('BENCH_SCALE must be 1..100');
/** How long a started server is left alone before its memory is read: its start is over, and the idle collections (5 and 11 s into the quiet) have run. */
const IDLE_MS = 15_000;
const GOALS = { embedded: 250, postgres: 120 };

const admin = { username: 'bench-admin', password: randomBytes(12).toString('hex') };
const session = createSession({ limitMs: 20 * 60_000 });
const tmp = session.tempDir('valence-bench-memory-');

/** One start: the server's peak and idle RSS in MB, then stopped and left to close its store. */
async function measureStart(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await session.startServer({ ...env, PORT: String(port) }, base);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const figures = { peak: procMb(server.pid, 'VmHWM'), idle: procMb(server.pid, 'VmRSS') };
  await session.stop(server, { patient: true });
  return figures;
}

/** A case's line: the median and spread of each reading and the goal against the peak of every run. */
function report(label, runs, goal, of) {
  const peaks = runs.map((run) => run.peak);
  const idles = runs.map((run) => run.idle);
  const within = runs.filter((run) => run[of] <= goal).length;
  const verdict = within === runs.length ? 'met' : 'NOT met';
  console.log(
    `${label.padEnd(34)} | ${spread(peaks, Math.round).text.padEnd(18)} | ${spread(idles, Math.round).text.padEnd(18)} | ${of} <= ${goal} MB: ${verdict} (${within} of ${runs.length})`,
  );
}

async function main() {
  console.log('Building the server (tsc -b packages/contract apps/server) ...');
  execFileSync('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { cwd: root, stdio: 'inherit' });
  console.log(
    `node flags: ${serverNodeArgs().join(' ') || '(none)'}; read ${IDLE_MS / 1000} s after the health check answers`,
  );

  const results = [];
  const firstStarts = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A new folder each time: the store is created, migrated and given its superadmin.
    const env = serverEnv({ dataDir: path.join(tmp, `first-${run}`), port: 0, admin });
    firstStarts.push(await measureStart(env));
  }
  results.push(['embedded, first start', firstStarts, GOALS.embedded, 'peak']);

  const seeded = serverEnv({ dataDir: path.join(tmp, 'seeded'), port: 0, admin });
  console.log(`Seeding the embedded store at --scale ${scale} ...`);
  await session.runScript(
    'The seed',
    ['apps/server/dist/seed/seed-demo.js', '--scale', String(scale)],
    seeded,
    10 * 60_000,
  );
  const seededStarts = [];
  for (let run = 0; run < RUNS; run += 1) seededStarts.push(await measureStart(seeded));
  results.push([`embedded, seeded at --scale ${scale}`, seededStarts, GOALS.embedded, 'peak']);

  if (databaseUrl) {
    const env = serverEnv({ dataDir: path.join(tmp, 'postgres'), port: 0, admin });
    env.DATABASE_URL = await session.scratchDatabase(databaseUrl);
    const starts = [];
    for (let run = 0; run < RUNS; run += 1) starts.push(await measureStart(env));
    results.push(['PostgreSQL, idle', starts, GOALS.postgres, 'idle']);
  }

  console.log(`\nServer RSS in MB, median of ${RUNS} starts (lowest-highest)\n`);
  console.log(`${'case'.padEnd(34)} | ${'peak'.padEnd(18)} | ${'idle'.padEnd(18)} | goal`);
  console.log(`${'-'.repeat(34)} | ${'-'.repeat(18)} | ${'-'.repeat(18)} | ----`);
  for (const [label, runs, goal, of] of results) report(label, runs, goal, of);
}

await session.main(main);
