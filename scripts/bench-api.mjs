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
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { adminQuery, cleanUpOnSignals, freePort, procKb } from './lib/bench-kit.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const scale = Number(process.env.BENCH_SCALE ?? (databaseUrl ? 500 : 50));
const duration = Number(process.env.BENCH_DURATION ?? 5);
if (!Number.isInteger(scale) || scale < 1 || scale > 500) throw new Error('BENCH_SCALE must be 1..500');
if (!Number.isInteger(duration) || duration < 1 || duration > 120) throw new Error('BENCH_DURATION must be 1..120');
const CONNECTIONS = 32;
const WARMUP_SECONDS = 1;
/** The whole run, seeding 2 million rows included, stops by itself after this. */
const RUN_LIMIT_MS = 45 * 60_000;
const GOALS = databaseUrl
  ? { p99: 50, ratio: 0.4, at: 'PostgreSQL, 20,000 students', students: 20_000 }
  : { p99: 100, ratio: null, at: 'PGlite, 2,000 students', students: 2_000 };

const admin = { username: 'bench-admin', password: randomBytes(12).toString('hex') };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'valence-bench-api-'));
let scratchDatabase;
const children = new Set();
let exiting = false;

async function cleanup() {
  if (exiting) return;
  exiting = true;
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(tmp, { recursive: true, force: true });
  if (scratchDatabase) {
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${scratchDatabase} WITH (FORCE)`).catch((error) =>
      console.error(`Could not drop the scratch database ${scratchDatabase}: ${error.message}`),
    );
  }
}

cleanUpOnSignals(cleanup);
const watchdog = setTimeout(() => {
  console.error(`The benchmark did not finish within ${RUN_LIMIT_MS / 60_000} minutes; stopping.`);
  void cleanup().then(() => process.exit(1));
}, RUN_LIMIT_MS);
watchdog.unref();

function run(label, args, env, limitMs) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label} did not finish within ${limitMs / 60_000} minutes.`));
    }, limitMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${label} exited with code ${code}.`));
    });
  });
}

/** Starts a node process that answers GET `${base}${healthPath}` with 200, and waits until it does. */
async function startProcess(label, args, env, base, healthPath) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  child.once('exit', (code) => {
    if (!exiting) {
      console.error(`${label} exited early (code ${code}).`);
      void cleanup().then(() => process.exit(1));
    }
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${base}${healthPath}`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${label} did not start within 60 s.`);
}

const BARE_SERVER = `
import { readFileSync } from 'node:fs';
const [fastifyPath, bodiesFile, port] = process.argv.slice(2);
const { default: Fastify } = await import(fastifyPath);
const app = Fastify({ logger: false });
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')).map((body) => Buffer.from(body, 'base64'));
bodies.forEach((body, index) => {
  app.get('/bare/' + index, (request, reply) => reply.type('application/json; charset=utf-8').send(body));
});
app.get('/health', () => ({ ok: true }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

async function load(url, headers) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  const answered = result['2xx'];
  return {
    // Counted from whole answers: a call slower than the run completes few or none, and
    // autocannon's per-second average would round those to nothing.
    rps: answered / result.duration,
    answered,
    p50: answered ? result.latency.p50 : null,
    p99: answered ? result.latency.p99 : null,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Median time of a few requests one after another, with nothing else running: the call's own cost. */
async function alone(url, headers) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const begin = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - begin);
  }
  return times.sort((a, b) => a - b)[2];
}

/** VmRSS or VmHWM of a process in MB. */
const mb = (pid, field) => {
  const kb = procKb(pid, field);
  return kb === null ? null : kb / 1024;
};
const number = (value, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Slow calls manage a few answers in a run: keep a decimal below 100 req/s. */
const rate = (value) => number(value, value < 100 ? 1 : 0);

async function main() {
  console.log('Building the server (tsc -b packages/contract apps/server) ...');
  execFileSync('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { cwd: root, stdio: 'inherit' });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('S3_') || key === 'DATABASE_URL') delete env[key];
  Object.assign(env, {
    DATA_DIR: path.join(tmp, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    API_PREFIX: '/api',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  if (databaseUrl) {
    scratchDatabase = `valence_bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `CREATE DATABASE ${scratchDatabase}`);
    const target = new URL(databaseUrl);
    target.pathname = `/${scratchDatabase}`;
    env.DATABASE_URL = target.toString();
  }

  const seedStart = performance.now();
  await run('The seed', ['apps/server/dist/seed/seed-demo.js', '--scale', String(scale)], env, 30 * 60_000);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const server = await startProcess('The server', ['apps/server/dist/main.js'], env, base, '/api/health');
  const signin = await fetch(`${base}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!signin.ok) throw new Error(`Sign-in failed: ${signin.status} ${await signin.text()}`);
  const headers = { authorization: `Bearer ${(await signin.json()).jwtToken}` };
  const rssAfterSeed = mb(server.pid, 'VmRSS');

  const get = async (url) => {
    const response = await fetch(`${base}${url}`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, body, json: response.ok ? JSON.parse(body.toString('utf8')) : null };
  };
  const courses = (await get('/api/courses')).json;
  const courseList = Array.isArray(courses) ? courses : (courses?.items ?? []);
  // The seed's first course is its main theory class, the largest list of enrolments.
  const main = courseList.find((course) => course.title === '2026 A/L Chemistry – Theory') ?? courseList[0];
  if (!main) throw new Error('The seeded database has no courses.');
  const enrolled = (await get(`/api/enrollments/course/${main.id}`)).json;
  const pupil = Array.isArray(enrolled) ? enrolled[0] : undefined;

  const candidates = [
    { name: 'GET /api/courses', url: '/api/courses' },
    { name: 'GET /api/students', url: '/api/students' },
    { name: 'GET /api/courses/{id}', url: `/api/courses/${main.id}` },
    { name: 'GET /api/enrollments/course/{id}', url: `/api/enrollments/course/${main.id}` },
    { name: 'GET /api/courses?limit=6&offset=0', url: '/api/courses?limit=6&offset=0', paged: true },
    { name: 'GET /api/students?limit=8&offset=0&q=ka', url: '/api/students?limit=8&offset=0&q=ka', paged: true },
    {
      name: 'GET /api/enrollments/course/{id}?limit=8&offset=0',
      url: `/api/enrollments/course/${main.id}?limit=8&offset=0`,
      paged: true,
    },
    // The Students screen with one student chosen.
    ...(pupil
      ? [
          { name: 'GET /api/enrollments/student/{id}', url: `/api/enrollments/student/${pupil.studentId}` },
          { name: 'GET /api/watchtime/total/{username}', url: `/api/watchtime/total/${pupil.studentUsername}` },
          {
            name: 'GET /api/watchtime/{username}?limit=5&offset=0',
            url: `/api/watchtime/${pupil.studentUsername}?limit=5&offset=0`,
            paged: true,
          },
          {
            name: 'GET /api/watchtime/{username}?limit=5&q=organic&sort=videoName',
            url: `/api/watchtime/${pupil.studentUsername}?limit=5&offset=0&q=organic&sort=videoName`,
            paged: true,
          },
        ]
      : []),
  ];
  const calls = [];
  const skipped = [];
  for (const candidate of candidates) {
    const answer = await get(candidate.url);
    if (answer.status !== 200) throw new Error(`${candidate.name}: ${answer.status} ${answer.body}`);
    // A server without paging ignores limit/offset and answers the plain array: nothing new to measure.
    const isPage = answer.json && !Array.isArray(answer.json) && 'items' in answer.json && 'total' in answer.json;
    if (candidate.paged && !isPage) skipped.push(candidate.name);
    else calls.push({ ...candidate, body: answer.body });
  }

  const barePort = await freePort();
  const bodiesFile = path.join(tmp, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(calls.map((call) => call.body.toString('base64'))));
  const bareFile = path.join(tmp, 'bare-server.mjs');
  writeFileSync(bareFile, BARE_SERVER);
  const fastifyPath = pathToFileURL(createRequire(path.join(root, 'apps/server/package.json')).resolve('fastify')).href;
  await startProcess(
    'The bare Fastify server',
    [bareFile, fastifyPath, bodiesFile, String(barePort)],
    env,
    `http://127.0.0.1:${barePort}`,
    '/health',
  );

  console.log(
    `\nLoad: ${CONNECTIONS} connections, ${duration} s per call after ${WARMUP_SECONDS} s of warm-up, answers uncompressed (no Accept-Encoding) ...`,
  );
  const loadBefore = os.loadavg()[0];
  const rows = [];
  for (const [index, call] of calls.entries()) {
    const single = await alone(`${base}${call.url}`, headers);
    const real = await load(`${base}${call.url}`, headers);
    const baseline = await load(`http://127.0.0.1:${barePort}/bare/${index}`, {});
    rows.push({ call, single, real, baseline });
    console.log(`  ${call.name}: ${rate(real.rps)} req/s (bare ${rate(baseline.rps)})`);
  }
  const rssAfterRun = mb(server.pid, 'VmRSS');
  const rssPeak = mb(server.pid, 'VmHWM');
  const loadAfter = os.loadavg()[0];

  const table = [['call', 'bytes', 'alone ms', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'ratio', 'goal']];
  const slower = `> ${number(duration * 1000)}`;
  for (const { call, single, real, baseline } of rows) {
    const ratio = real.rps / baseline.rps;
    const met = real.p99 !== null && real.p99 <= GOALS.p99 && (GOALS.ratio === null || ratio >= GOALS.ratio);
    const notes = [
      real.answered === 0 ? `no answer within ${duration} s` : '',
      real.failures ? `${number(real.failures)} failed` : '',
    ].filter(Boolean);
    table.push([
      call.name,
      number(call.body.length),
      number(single, 1),
      rate(real.rps),
      real.p50 === null ? slower : number(real.p50, 1),
      real.p99 === null ? slower : number(real.p99, 1),
      rate(baseline.rps),
      number(ratio, ratio < 0.01 && ratio > 0 ? 4 : 2),
      `${met ? 'met' : 'NOT met'}${notes.length ? ` (${notes.join(', ')})` : ''}`,
    ]);
  }
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  const line = (row) =>
    row.map((cell, column) =>
      column === 0 || column === 8 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
    );

  const studentCount = 40 * scale;
  console.log(
    `\nAPI benchmark (database: ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, scale ${scale}: ${number(studentCount)} students, ${number(courseList.length)} courses; the course measured has ${number(Array.isArray(enrolled) ? enrolled.length : (enrolled?.total ?? 0))} enrolments; ${os.cpus().length} cores, load average ${number(loadBefore, 1)} before the load and ${number(loadAfter, 1)} after: other work on the machine skews the figures)`,
  );
  console.log(`  seeded in ${number(seedSeconds, 1)} s`);
  console.log('');
  for (const row of table) console.log(`  ${line(row).join('  ').trimEnd()}`);
  console.log(
    `\n  goal (${GOALS.at}): p99 <= ${GOALS.p99} ms${GOALS.ratio === null ? '' : ` and ratio >= ${GOALS.ratio}`}${studentCount === GOALS.students ? '' : ` (this run has ${number(studentCount)} students: figures not at the goal's size)`}`,
  );
  console.log(
    '  alone = median of 5 requests one at a time; req/s, p50, p99 under load; ratio = req/s / bare req/s (a bare Fastify route answering the same bytes)',
  );
  if (skipped.length) console.log(`  not measured (the server answers them unpaged): ${skipped.join(', ')}`);
  console.log(
    `  server RSS: ${number(rssAfterSeed ?? 0, 1)} MB after start on the seeded database, ${number(rssAfterRun ?? 0, 1)} MB after the run (peak ${number(rssPeak ?? 0, 1)} MB)`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
