#!/usr/bin/env node
// Upload benchmark (prints figures; not a test): a BENCH_SIZE_MB file (default 2048) through the tus
// endpoint of the built server on the local store, against `cp` of the same file on the same disk,
// with the server's peak RSS. Goals: upload throughput >= 0.5 x cp, server RSS <= 200 MB.
//
//   npm run bench:upload                     # 2048 MiB
//   BENCH_SIZE_MB=512 npm run bench:upload
//   BENCH_CHUNK_MB=0 npm run bench:upload    # one PATCH for the whole file (default: 64 MiB PATCHes)
//   BENCH_DATABASE_URL=postgres://... npm run bench:upload
//       # the server on PostgreSQL (a scratch database created and dropped on that server) instead of
//       # the embedded PGlite, whose WASM heap alone is most of the server's resident memory
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQuery, cleanUpOnSignals, freePort, procKb } from './lib/bench-kit.mjs';

const MiB = 1024 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));
const sizeMb = Number(process.env.BENCH_SIZE_MB ?? 2048);
const chunkMb = Number(process.env.BENCH_CHUNK_MB ?? 64);
if (!Number.isInteger(sizeMb) || sizeMb <= 0 || sizeMb > 5120) throw new Error('BENCH_SIZE_MB must be 1..5120');
if (!Number.isInteger(chunkMb) || chunkMb < 0) throw new Error('BENCH_CHUNK_MB must be an integer >= 0');
const size = sizeMb * MiB;

const serverMain = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(serverMain) || !existsSync(path.join(root, 'packages/contract/dist/index.js'))) {
  console.log('Building server (npx tsc -b packages/contract apps/server) ...');
  execFileSync('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { cwd: root, stdio: 'inherit' });
}

const databaseUrl = process.env.BENCH_DATABASE_URL;
let scratchDatabase;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'valence-bench-'));
let child;
let exiting = false;

async function cleanup() {
  if (exiting) return;
  exiting = true;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  rmSync(tmp, { recursive: true, force: true });
  if (scratchDatabase) await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${scratchDatabase} WITH (FORCE)`);
}

cleanUpOnSignals(cleanup);

/** User and system CPU seconds of a process so far. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { user: 0, system: 0 };
  }
}

function request(method, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body && typeof body.pipe === 'function') body.pipe(req);
    else req.end(body);
  });
}

function writeSourceFile(file) {
  // A repeated random 1 MiB block: fast to write, incompressible enough for a disk.
  const block = randomBytes(MiB);
  const fd = openSync(file, 'w');
  try {
    for (let i = 0; i < sizeMb; i += 1) writeSync(fd, block);
  } finally {
    closeSync(fd);
  }
  return block;
}

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
const fmt = (n, digits = 2) => n.toFixed(digits);

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const username = 'bench';
  const password = randomBytes(12).toString('hex');
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('S3_') || key === 'DATABASE_URL') delete env[key];
  Object.assign(env, {
    DATA_DIR: path.join(tmp, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    API_PREFIX: '/api',
    ADMIN_USERNAME: username,
    ADMIN_PASSWORD: password,
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

  const startServer = async () => {
    child = spawn(
      process.execPath,
      [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), serverMain],
      { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const started = child;
    started.once('exit', (code) => {
      if (!exiting && child === started) {
        console.error(`Server exited early (code ${code}).`);
        void cleanup().then(() => process.exit(1));
      }
    });
    const startedAt = Date.now();
    for (;;) {
      try {
        if ((await request('GET', `${base}/api/health`, {})).status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - startedAt > 60_000) throw new Error('Server did not start within 60 s.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  if (!databaseUrl) {
    // The first start on an empty DATA_DIR runs initdb inside PGlite, whose WASM heap never shrinks
    // afterwards; a server runs for weeks after that one start, so measure a second, ordinary start.
    await startServer();
    const first = child;
    child = undefined;
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGTERM');
    await exited;
  }
  await startServer();
  const signin = await request(
    'POST',
    `${base}/api/signin`,
    { 'content-type': 'application/json' },
    JSON.stringify({ username, password }),
  );
  if (signin.status !== 200) throw new Error(`Sign-in failed: ${signin.status} ${signin.body}`);
  const auth = { authorization: `Bearer ${JSON.parse(signin.body.toString()).jwtToken}` };
  const rssBeforeMb = (procKb(child.pid, 'VmRSS') ?? 0) / 1024;

  console.log(`Writing a ${sizeMb} MiB source file in ${tmp} ...`);
  const source = path.join(tmp, 'source.bin');
  const block = writeSourceFile(source);
  execFileSync('sync');

  // cp on the same disk: the baseline, median of three runs (this disk and CPU are shared, and the
  // figures wander). "cached" stops when cp exits (data may still be in the page cache, as it may be
  // when the upload answers); "durable" includes the `sync` that puts it on the disk, for both.
  const copy = path.join(tmp, 'copy.bin');
  const cpRuns = [];
  for (let run = 0; run < 3; run += 1) {
    const begin = process.hrtime.bigint();
    execFileSync('cp', [source, copy]);
    const cached = seconds(begin);
    execFileSync('sync');
    cpRuns.push({ cached, durable: seconds(begin) });
    rmSync(copy);
    execFileSync('sync');
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const cpSeconds = median(cpRuns.map((run) => run.cached));
  const cpDurableSeconds = median(cpRuns.map((run) => run.durable));

  // The upload: tus creation, then PATCHes streamed from the file.
  let peakRssKb = 0;
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, procKb(child.pid, 'VmRSS') ?? 0);
  }, 25);
  const tus = { ...auth, 'tus-resumable': '1.0.0' };
  const serverCpuBefore = cpuSeconds(child.pid);
  const clientCpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  const created = await request('POST', `${base}/api/uploads`, {
    ...tus,
    'upload-length': String(size),
    'upload-metadata': `filename ${Buffer.from('bench.bin').toString('base64')},filetype ${Buffer.from('application/octet-stream').toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`Creation failed: ${created.status} ${created.body}`);
  const location = new URL(created.headers.location, base).toString();
  const chunk = chunkMb === 0 ? size : chunkMb * MiB;
  let offset = 0;
  while (offset < size) {
    const end = Math.min(offset + chunk, size);
    const res = await request(
      'PATCH',
      location,
      {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      createReadStream(source, { start: offset, end: end - 1, highWaterMark: MiB }),
    );
    if (res.status !== 204) throw new Error(`PATCH at ${offset} failed: ${res.status} ${res.body}`);
    offset = Number(res.headers['upload-offset']);
  }
  const uploadSeconds = seconds(start);
  execFileSync('sync');
  const uploadDurableSeconds = seconds(start);
  const serverCpuAfter = cpuSeconds(child.pid);
  const serverUser = serverCpuAfter.user - serverCpuBefore.user;
  const serverSystem = serverCpuAfter.system - serverCpuBefore.system;
  const clientUsage = process.cpuUsage(clientCpuBefore);
  clearInterval(sampler);
  const hwmMb = (procKb(child.pid, 'VmHWM') ?? 0) / 1024;
  const peakMb = Math.max(peakRssKb / 1024, hwmMb);

  // The upload must be whole: same size, same bytes at a few places.
  const key = Buffer.from(location.split('/').pop().replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString();
  const stored = path.join(tmp, 'data', 'files', key);
  const storedSize = statSync(stored).size;
  const fd = openSync(stored, 'r');
  const probe = Buffer.alloc(MiB);
  let intact = storedSize === size;
  for (const at of [0, Math.floor(sizeMb / 2), sizeMb - 1]) {
    readSync(fd, probe, 0, MiB, at * MiB);
    intact &&= probe.equals(block);
  }
  closeSync(fd);

  const ceilingSeconds = await bareNodeCeiling(source, path.join(tmp, 'ceiling.bin'));
  const cpRate = sizeMb / cpSeconds;
  const uploadRate = sizeMb / uploadSeconds;
  const ratio = uploadRate / cpRate;
  const durableRatio = cpDurableSeconds / uploadDurableSeconds;
  const rssAddedMb = peakRssKb / 1024 - rssBeforeMb;
  const lines = [
    ['file size', `${sizeMb} MiB (${size} bytes), PATCH size ${chunkMb === 0 ? 'whole file' : `${chunkMb} MiB`}`],
    [
      'cp',
      `${fmt(cpSeconds)} s, ${fmt(cpRate, 1)} MiB/s (median of ${cpRuns.map((run) => fmt(run.cached)).join(' / ')} s)`,
    ],
    [
      'tus upload',
      `${fmt(uploadSeconds)} s, ${fmt(uploadRate, 1)} MiB/s (CPU user/system: server ${fmt(serverUser)}/${fmt(serverSystem)} s, client ${fmt(clientUsage.user / 1e6)}/${fmt(clientUsage.system / 1e6)} s; ${os.cpus().length} cores)`,
    ],
    ['ratio upload/cp', `${fmt(ratio)} (goal >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`],
    [
      'bare Node HTTP',
      `${fmt(ceilingSeconds)} s, ${fmt(sizeMb / ceilingSeconds, 1)} MiB/s (req piped to a file, no app: the ceiling here; the upload reached ${fmt((100 * ceilingSeconds) / uploadSeconds, 0)} % of it)`,
    ],
    [
      'incl. sync',
      `cp ${fmt(cpDurableSeconds)} s, upload ${fmt(uploadDurableSeconds)} s, ratio ${fmt(durableRatio)} (${durableRatio >= 0.5 ? 'met' : 'NOT met'})`,
    ],
    [
      'server peak RSS',
      `${fmt(peakMb, 1)} MB (before upload ${fmt(rssBeforeMb, 1)} MB, the upload added ${fmt(Math.max(0, rssAddedMb), 1)} MB; goal <= 200 MB: ${peakMb <= 200 ? 'met' : 'NOT met'})`,
    ],
    ['stored file', `${key}, ${storedSize} bytes, ${intact ? 'intact' : 'CORRUPT'}`],
  ];
  console.log(`\nUpload benchmark (local store, database: ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`);
  for (const [label, value] of lines) console.log(`  ${label.padEnd(16)} ${value}`);
  if (!intact) process.exitCode = 1;
}

/**
 * The same file through a bare Node HTTP server that pipes the request into a file: what any Node
 * upload endpoint could reach on this machine, to read the tus figure against.
 */
async function bareNodeCeiling(source, target) {
  const server = http.createServer((req, res) => {
    const out = createWriteStream(target, { highWaterMark: 4 * MiB });
    req.pipe(out);
    out.on('finish', () => res.end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const begin = process.hrtime.bigint();
  await new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PUT', headers: { 'content-length': size } }, (res) =>
      res.resume().on('end', resolve),
    );
    req.on('error', reject);
    createReadStream(source, { highWaterMark: MiB }).pipe(req);
  });
  const elapsed = seconds(begin);
  server.close();
  rmSync(target, { force: true });
  return elapsed;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
