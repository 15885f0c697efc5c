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
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, procKb, root, serverEnv, signIn } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';
import { tusUpload } from './lib/tus-upload.mjs';
import { bareNodeCeiling, checkStored, copyBaseline, MiB, writeSourceFile } from './lib/upload-measure.mjs';

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
const session = createSession();
const tmp = session.tempDir('valence-bench-');

const fmt = (n, digits = 2) => n.toFixed(digits);
const goal = (met) => (met ? 'met' : 'NOT met');

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { username: 'bench', password: randomBytes(12).toString('hex') };
  const env = serverEnv({ dataDir: path.join(tmp, 'data'), port, admin });
  if (databaseUrl) env.DATABASE_URL = await session.scratchDatabase(databaseUrl);

  const startServer = () => session.startServer(env, base, 'Server');
  // The first start on an empty DATA_DIR runs initdb inside PGlite, whose WASM heap never shrinks
  // afterwards; a server runs for weeks after that one start, so measure a second, ordinary start.
  if (!databaseUrl) await session.stop(await startServer(), { patient: true });
  const server = await startServer();
  const auth = { authorization: `Bearer ${(await signIn(base, admin)).jwtToken}` };
  const rssBeforeMb = (procKb(server.pid, 'VmRSS') ?? 0) / 1024;

  console.log(`Writing a ${sizeMb} MiB source file in ${tmp} ...`);
  const source = path.join(tmp, 'source.bin');
  const block = writeSourceFile(source, sizeMb);
  execFileSync('sync');

  const cp = copyBaseline(source, path.join(tmp, 'copy.bin'));
  const chunk = chunkMb === 0 ? size : chunkMb * MiB;
  // The bare server before and after the upload, each after a sync: the first big write after
  // another is slowed by that one's writeback, so a single reference run favours whichever goes first.
  execFileSync('sync');
  const ceilingBefore = await bareNodeCeiling(source, path.join(tmp, 'ceiling.bin'), size);
  execFileSync('sync');
  const upload = await tusUpload({ base, auth, pid: server.pid, source, size, chunk });
  const peakMb = Math.max(upload.peakRssKb, upload.hwmKb) / 1024;

  const key = Buffer.from(upload.location.split('/').pop().replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  const { storedSize, intact } = checkStored(path.join(tmp, 'data', 'files', key.toString()), size, block);

  execFileSync('sync');
  const ceilingAfter = await bareNodeCeiling(source, path.join(tmp, 'ceiling.bin'), size);
  // Held to the faster of the two reference runs.
  const ceilingSeconds = Math.min(ceilingBefore, ceilingAfter);
  const ofCeiling = ceilingSeconds / upload.seconds;
  const cpRate = sizeMb / cp.cached;
  const uploadRate = sizeMb / upload.seconds;
  const ratio = uploadRate / cpRate;
  const durableRatio = cp.durable / upload.durableSeconds;
  const rssAddedMb = upload.peakRssKb / 1024 - rssBeforeMb;
  const { server: serverCpu, client: clientCpu } = upload;
  const lines = [
    ['file size', `${sizeMb} MiB (${size} bytes), PATCH size ${chunkMb === 0 ? 'whole file' : `${chunkMb} MiB`}`],
    [
      'cp',
      `${fmt(cp.cached)} s, ${fmt(cpRate, 1)} MiB/s (median of ${cp.runs.map((run) => fmt(run.cached)).join(' / ')} s)`,
    ],
    [
      'tus upload',
      `${fmt(upload.seconds)} s, ${fmt(uploadRate, 1)} MiB/s (CPU user/system: server ${fmt(serverCpu.user)}/${fmt(serverCpu.system)} s, client ${fmt(clientCpu.user / 1e6)}/${fmt(clientCpu.system / 1e6)} s; ${os.cpus().length} cores)`,
    ],
    ['ratio upload/cp', `${fmt(ratio)} (goal >= 0.5: ${goal(ratio >= 0.5)})`],
    [
      'bare Node HTTP',
      `${fmt(ceilingBefore)} s before the upload, ${fmt(ceilingAfter)} s after, ${fmt(sizeMb / ceilingSeconds, 1)} MiB/s at best (req piped to a file, no app: the ceiling here); the upload reached ${fmt(100 * ofCeiling, 0)} % of the faster (goal >= 90 %: ${goal(ofCeiling >= 0.9)})`,
    ],
    [
      'incl. sync',
      `cp ${fmt(cp.durable)} s, upload ${fmt(upload.durableSeconds)} s, ratio ${fmt(durableRatio)} (${goal(durableRatio >= 0.5)})`,
    ],
    [
      'server peak RSS',
      `${fmt(peakMb, 1)} MB (before upload ${fmt(rssBeforeMb, 1)} MB, the upload added ${fmt(Math.max(0, rssAddedMb), 1)} MB; goal <= 200 MB: ${goal(peakMb <= 200)})`,
    ],
    ['stored file', `${key}, ${storedSize} bytes, ${intact ? 'intact' : 'CORRUPT'}`],
  ];
  console.log(`\nUpload benchmark (local store, database: ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`);
  for (const [label, value] of lines) console.log(`  ${label.padEnd(16)} ${value}`);
  if (!intact) process.exitCode = 1;
}

session.main(main);
