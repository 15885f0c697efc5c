#!/usr/bin/env node
// API benchmark (prints figures; not a test): seeds a scratch database with the demo class
// (`npm run seed:demo`), starts the built server on it, signs in as the superadmin and drives the
// portal's read calls with autocannon (32 connections). Each call is also served, byte for byte, by a
// bare Fastify route in a process of its own: the ratio of the two req/s says how much of the time
// is the app's own work (access check, SQL, serialisation) rather than HTTP. Goals, printed
// beside the figures, not asserted: p99 <= 50 ms and ratio >= 0.4 on PostgreSQL at 20,000 students;
// p99 <= 100 ms on PGlite at 2,000 students.
//
//   npm run bench:api                                   # PGlite in a temp DATA_DIR, scale 50 (2,000 students)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
//       # a scratch database created and dropped on that server, scale 500 (20,000 students)
//   BENCH_SCALE=10 BENCH_DURATION=3 npm run bench:api   # another seed scale (1..500), seconds per call
//   BENCH_ONLY=gradebook npm run bench:api              # only the calls whose name contains that
//   BENCH_RUNS=1 npm run bench:api                      # each pair once (default 3: median and spread)
// The gradebook's calls (the course nearest 2,000 students) carry their own goal: p99 <= 100 ms at
// 32 connections on PostgreSQL at --scale 500.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { findCalls } from './lib/api-calls.mjs';
import { alone, CONNECTIONS, load, startBareServer, WARMUP_SECONDS } from './lib/api-load.mjs';
import { printReport, rate } from './lib/api-report.mjs';
import { adminQuery, freePort, procMb, root, serverEnv, settle, signIn } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const scale = Number(process.env.BENCH_SCALE ?? (databaseUrl ? 500 : 50));
const duration = Number(process.env.BENCH_DURATION ?? 3);
/** Each call and its references are loaded this many times; the report gives the median and the spread. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
if (!Number.isInteger(scale) || scale < 1 || scale > 500) throw new Error('BENCH_SCALE must be 1..500');
if (!Number.isInteger(duration) || duration < 1 || duration > 120) throw new Error('BENCH_DURATION must be 1..120');
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) throw new Error('BENCH_RUNS must be 1..9');
/** The whole run, seeding 2 million rows included, stops by itself after this. */
const RUN_LIMIT_MS = 45 * 60_000;
const GOALS = databaseUrl
  ? { p99: 50, ratio: 0.4, at: 'PostgreSQL, 20,000 students', students: 20_000 }
  : { p99: 100, ratio: null, at: 'PGlite, 2,000 students', students: 2_000 };

const admin = { username: 'bench-admin', password: randomBytes(12).toString('hex') };
const session = createSession({ limitMs: RUN_LIMIT_MS });
const tmp = session.tempDir('valence-bench-api-');

async function main() {
  console.log('Building the server (tsc -b packages/contract apps/server) ...');
  execFileSync('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { cwd: root, stdio: 'inherit' });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv({ dataDir: path.join(tmp, 'data'), port, admin });
  if (databaseUrl) env.DATABASE_URL = await session.scratchDatabase(databaseUrl);

  const seedStart = performance.now();
  const seedArgs = ['apps/server/dist/seed/seed-demo.js', '--scale', String(scale)];
  await session.runScript('The seed', seedArgs, env, 30 * 60_000);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  // The seed leaves gigabytes of dirty pages, which PostgreSQL's checkpointer would otherwise write
  // out during the first calls' load, as I/O wait on the cores the calls share; write them now.
  if (databaseUrl) await adminQuery(env.DATABASE_URL, 'CHECKPOINT');

  const server = await session.startServer(env, base);
  const headers = { authorization: `Bearer ${(await signIn(base, admin)).jwtToken}` };
  const rssAfterSeed = procMb(server.pid, 'VmRSS');

  const found = await findCalls(base, headers);
  const bare = await startBareServer(session, found.calls, env, tmp);
  const bareBase = bare.base;

  console.log(
    `\nLoad: ${CONNECTIONS} connections, ${duration} s per call after ${WARMUP_SECONDS} s of warm-up, answers uncompressed (no Accept-Encoding) ...`,
  );
  const loadBefore = os.loadavg()[0];
  const rows = [];
  for (const [index, call] of found.calls.entries()) {
    await settled(server.pid, call.name);
    const single = await alone(`${base}${call.url}`, headers);
    const runs = [];
    // Each call, its bare route and (PostgreSQL) its bare route with one round trip, side by side, RUNS times.
    for (let run = 0; run < RUNS; run += 1) {
      if (run > 0) await settled(server.pid, call.name);
      runs.push({
        real: await load(`${base}${call.url}`, headers, duration, { cpuOf: server.pid }),
        baseline: await load(`${bareBase}/bare/${index}`, {}, duration),
        withDb: databaseUrl ? await load(`${bareBase}/bare-db/${index}`, {}, duration, { cpuOf: bare.pid }) : null,
      });
    }
    rows.push({ call, single, runs });
    const rpsOf = (pick) => runs.map((one) => rate(pick(one).rps)).join(' / ');
    console.log(
      `  ${call.name}: ${rpsOf((one) => one.real)} req/s (bare ${rpsOf((one) => one.baseline)}${databaseUrl ? `; bare + 1 query ${rpsOf((one) => one.withDb)}` : ''})`,
    );
  }
  await settled(server.pid, 'the paged call under pulls');
  const underPulls = await pagedWhilePulling(base, headers, found);

  printReport({
    databaseUrl,
    scale,
    duration,
    goals: GOALS,
    rows,
    runs: RUNS,
    underPulls,
    found,
    seedSeconds,
    load: { before: loadBefore, after: os.loadavg()[0] },
    rss: { afterSeed: rssAfterSeed, afterRun: procMb(server.pid, 'VmRSS'), peak: procMb(server.pid, 'VmHWM') },
  });
}

/** Waits for the server and PostgreSQL to finish what the previous load left queued; says so if it takes long. */
async function settled(pid, before) {
  const { waitedMs, quiet } = await settle(pid);
  if (!quiet)
    console.log(`  (the server was still busy after ${Math.round(waitedMs / 1000)} s; measuring ${before} anyway)`);
  else if (waitedMs > 2_000)
    console.log(`  (waited ${(waitedMs / 1000).toFixed(1)} s for the server to go quiet before ${before})`);
}

/**
 * The Students screen's first page under load (32 connections) while 4 more clients pull the whole
 * unpaged `/api/students` over and over: the unpaged answers are streamed, so they must not hold the
 * paged one up (goal: its p99 <= 150 ms). RUNS times; null when that call is not in this run.
 */
async function pagedWhilePulling(base, headers, found) {
  const paged = found.calls.find((call) => call.url === '/api/students?limit=8&offset=0');
  if (!paged) return null;
  const results = [];
  for (let run = 0; run < RUNS; run += 1) {
    const [result, pulls] = await Promise.all([
      load(`${base}${paged.url}`, headers, duration),
      load(`${base}/api/students`, headers, duration + WARMUP_SECONDS, { connections: 4, warmup: false }),
    ]);
    results.push({ ...result, pulls: pulls.answered });
  }
  return { name: paged.name, results };
}

session.main(main);
