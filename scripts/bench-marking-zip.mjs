#!/usr/bin/env node
// Bulk marking benchmark (prints figures; not a test). A PART II exam with BENCH_SCRIPTS (default
// 200) scripts of BENCH_SCRIPT_MB (default 2) MiB, handed in through the students' upload call; then
//   - out: GET scripts.zip streamed to a file, against `cp -r` of the same stored scripts;
//   - in: a zip of as many marked papers (and a marks.csv) POSTed to marked-papers, as a dry run and
//     applied, against `cp` of that zip;
// with the server's RSS sampled every 20 ms during each (goal: disk speed, flat memory).
//
//   npm run bench:marking-zip
//   BENCH_SCRIPTS=50 BENCH_SCRIPT_MB=4 npm run bench:marking-zip
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:marking-zip
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { freePort, median, procKb, root, serverEnv, signIn } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';
import { bareNodeCeiling, MiB, secondsSince } from './lib/upload-measure.mjs';

const require = createRequire(path.join(root, 'apps/server/package.json'));
const { ZipFile } = require('yazl');

const int = (name, fallback, min, max) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be ${min}..${max}`);
  return value;
};
const scripts = int('BENCH_SCRIPTS', 200, 1, 5000);
const scriptMb = int('BENCH_SCRIPT_MB', 2, 1, 50);
const totalMb = scripts * scriptMb;

console.log('Building server (npx tsc -b packages/contract apps/server) ...');
execFileSync('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { cwd: root, stdio: 'inherit' });

const databaseUrl = process.env.BENCH_DATABASE_URL;
const session = createSession({ limitMs: 30 * 60_000 });
const tmp = session.tempDir('valence-bench-zip-');
const PASSWORD = 'bench-student-pw';

/** Samples the server's RSS while `work` runs: its start, peak and end, in MB. */
async function withRss(pid, work) {
  const before = procKb(pid, 'VmRSS') / 1024;
  let peak = before;
  const timer = setInterval(() => {
    const now = procKb(pid, 'VmRSS');
    if (now !== null) peak = Math.max(peak, now / 1024);
  }, 20);
  const start = process.hrtime.bigint();
  try {
    const result = await work();
    return { result, seconds: secondsSince(start), before, peak, after: procKb(pid, 'VmRSS') / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function call(base, method, url, { token, body, form, address } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (address) headers['x-forwarded-for'] = address;
  let payload = form;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${base}/api${url}`, { method, headers, body: payload });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Streams a response body to `file` as the browser saves a download. */
async function saveBody(response, file) {
  if (!response.ok) throw new Error(`download: ${response.status} ${await response.text()}`);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
}

/**
 * The same bytes from a bare Node HTTP server that pipes a file out, fetched and saved as the zip is:
 * what any Node download could reach on this (shared) machine right now. Seconds.
 */
async function bareDownloadSeconds(source, target) {
  const server = http.createServer((_req, res) => createReadStream(source).pipe(res));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const begin = process.hrtime.bigint();
  await saveBody(await fetch(`http://127.0.0.1:${server.address().port}/`), target);
  const seconds = secondsSince(begin);
  server.close();
  rmSync(target, { force: true });
  return seconds;
}

/**
 * The disk's own write speed for these bytes: `dd` with `conv=fdatasync` (the time includes getting
 * them onto the disk, which `cp` into the page cache does not), median of three runs; seconds.
 */
function diskWriteSeconds(source, target) {
  const runs = [];
  for (let run = 0; run < 3; run += 1) {
    execFileSync('sync');
    const begin = process.hrtime.bigint();
    execFileSync('dd', [`if=${source}`, `of=${target}`, 'bs=4M', 'conv=fdatasync'], { stdio: 'ignore' });
    runs.push(secondsSince(begin));
    rmSync(target, { force: true });
  }
  return median(runs);
}

/** `cp` (a file or, with -r, a folder), median of three runs, `sync` after each; seconds. */
function copySeconds(source, target, recursive = false) {
  const runs = [];
  for (let run = 0; run < 3; run += 1) {
    execFileSync('sync');
    const begin = process.hrtime.bigint();
    execFileSync('cp', [...(recursive ? ['-r'] : []), source, target]);
    runs.push(secondsSince(begin));
    execFileSync('rm', ['-rf', target]);
  }
  return median(runs);
}

async function setUp(base, staff) {
  const course = await call(base, 'POST', '/courses', {
    token: staff,
    body: { title: 'Bulk marking', description: 'Bench' },
  });
  const examForm = new FormData();
  examForm.set(
    'examDTO',
    JSON.stringify({
      courseId: course.id,
      title: 'Structured essay',
      description: 'PART II',
      dueDate: '2030-12-01T10:00',
      examType: 'TRADITIONAL',
      examIdentifier: `BULK_${Date.now().toString(36).toUpperCase()}`,
    }),
  );
  examForm.set('examPaperFile', new Blob(['%PDF-1.7\n%%EOF\n']), 'paper.pdf');
  const exam = await call(base, 'POST', '/api/v1/exams', { token: staff, form: examForm });
  await call(base, 'POST', `/api/v1/exams/${exam.id}/publish`, { token: staff });
  const ids = [];
  // A password hash per account, twice (sign-up, sign-in): as many at once as the server has cores to hash with.
  const pool = async (task) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < scripts) await task(next++);
      }),
    );
  };
  const pad = randomBytes(scriptMb * MiB);
  const begin = process.hrtime.bigint();
  await pool(async (i) => {
    const body = { username: `bulk${i}`, password: PASSWORD };
    ids[i] = (await call(base, 'POST', '/students/signup', { token: staff, body })).id;
  });
  await call(base, 'POST', '/enrollments/bulk', { token: staff, body: { courseId: course.id, studentIds: ids } });
  await pool(async (i) => {
    const address = `10.9.${i >> 8}.${i & 255}`;
    const body = { username: `bulk${i}`, password: PASSWORD };
    const { jwtToken } = await call(base, 'POST', '/signin', { address, body });
    // Each a different PDF: a header, the student's number, and the shared random filler.
    const bytes = Buffer.concat([Buffer.from(`%PDF-1.7\n% script ${i}\n`), pad]).subarray(0, scriptMb * MiB);
    const form = new FormData();
    form.set('file', new Blob([bytes], { type: 'application/pdf' }), `script-${i}.pdf`);
    await call(base, 'POST', `/api/v1/submissions/exam/${exam.id}/upload`, { token: jwtToken, form, address });
  });
  console.log(`Set up ${scripts} students and scripts in ${secondsSince(begin).toFixed(1)} s.`);
  return exam;
}

/**
 * POSTs `file` as the multipart part `file`, streamed from disk with a known length, the way a browser
 * sends a picked file and the way the bare ceiling below sends its PUT. (Node's fetch with a FormData
 * of `openAsBlob` moved the same 400 MiB at about half the speed of curl, on the client's side, which
 * made an earlier run of this bench blame the server.)
 */
function postFileAsForm(url, token, file, size) {
  const boundary = `----valence-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="marked.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`POST ${target.pathname}: ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const source = createReadStream(file, { highWaterMark: MiB });
    source.on('error', reject);
    source.on('end', () => req.end(tail));
    source.pipe(req, { end: false });
  });
}

/** A zip of marked papers, one per student (by username), and a marks.csv. */
async function writeMarkedZip(file) {
  const zip = new ZipFile();
  const pad = randomBytes(scriptMb * MiB);
  const lines = ['username,score,feedback'];
  for (let i = 0; i < scripts; i += 1) {
    const bytes = Buffer.concat([Buffer.from(`%PDF-1.7\n% marked ${i}\n`), pad]).subarray(0, scriptMb * MiB);
    zip.addBuffer(bytes, `marked/bulk${i}.pdf`, { compress: false });
    lines.push(`bulk${i},${(i % 100) + 0.5},Marked in bulk`);
  }
  zip.addBuffer(Buffer.from(lines.join('\n')), 'marks.csv');
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { username: 'bench', password: randomBytes(12).toString('hex') };
  const dataDir = path.join(tmp, 'data');
  const env = serverEnv({ dataDir, port, admin });
  env.TRUST_PROXY = 'true';
  // The server's own 'marked papers returned' line splits the apply into storing and committing.
  env.LOG_LEVEL = 'info';
  if (databaseUrl) env.DATABASE_URL = await session.scratchDatabase(databaseUrl);
  const startServer = () => session.startServer(env, base, 'Server');
  // As bench:upload: measure an ordinary start, not the first one's initdb inside PGlite.
  if (!databaseUrl) await session.stop(await startServer(), { patient: true });
  const server = await startServer();
  const staff = (await signIn(base, admin)).jwtToken;
  const exam = await setUp(base, staff);
  execFileSync('sync');

  // Out: the whole zip streamed to a file, as the browser saves it.
  const outFile = path.join(tmp, 'scripts.zip');
  const out = await withRss(server.pid, async () =>
    saveBody(
      await fetch(`${base}/api/api/v1/exams/${exam.id}/scripts.zip`, { headers: { authorization: `Bearer ${staff}` } }),
      outFile,
    ),
  );
  const outAgain = await withRss(server.pid, async () =>
    saveBody(
      await fetch(`${base}/api/api/v1/exams/${exam.id}/scripts.zip`, { headers: { authorization: `Bearer ${staff}` } }),
      outFile,
    ),
  );
  const outBytes = statSync(outFile).size;
  const storedDir = path.join(dataDir, 'files', 'answers');
  const stored = existsSync(storedDir) ? storedDir : path.join(dataDir, 'files');
  const storedCount = existsSync(storedDir) ? readdirSync(storedDir).length : NaN;
  const outCp = copySeconds(stored, path.join(tmp, 'copy-of-scripts'), true);
  const outBare = await bareDownloadSeconds(outFile, path.join(tmp, 'bare-download.zip'));

  // In: a zip of marked papers, checked (dry run) then applied.
  const inFile = path.join(tmp, 'marked.zip');
  await writeMarkedZip(inFile);
  execFileSync('sync');
  const inBytes = statSync(inFile).size;
  const send = (dryRun) =>
    postFileAsForm(`${base}/api/api/v1/exams/${exam.id}/marked-papers?dryRun=${dryRun}`, staff, inFile, inBytes);
  const inBareFirst = await bareNodeCeiling(inFile, path.join(tmp, 'bare-upload.zip'), inBytes);
  const dry = await withRss(server.pid, () => send(true));
  const dryAgain = await withRss(server.pid, () => send(true));
  const applied = await withRss(server.pid, () => send(false));
  const inCp = copySeconds(inFile, path.join(tmp, 'copy-of-marked.zip'));
  const inDisk = diskWriteSeconds(inFile, path.join(tmp, 'disk-copy-of-marked.zip'));
  const inBare = await bareNodeCeiling(inFile, path.join(tmp, 'bare-upload.zip'), inBytes);
  if (applied.result.applied !== scripts) throw new Error(`Applied ${applied.result.applied} of ${scripts}.`);

  const mb = (bytes) => bytes / MiB;
  const rate = (bytes, seconds) => `${(mb(bytes) / seconds).toFixed(0)} MiB/s`;
  const rss = (m) =>
    `RSS ${m.before.toFixed(0)} → peak ${m.peak.toFixed(0)} MB (+${(m.peak - m.before).toFixed(0)} MB), after ${m.after.toFixed(0)} MB`;
  console.log(
    `\nBulk marking, ${scripts} scripts of ${scriptMb} MiB (${totalMb} MiB), ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, local store`,
  );
  console.log(
    `  scripts.zip out   ${out.seconds.toFixed(2)} s, ${rate(outBytes, out.seconds)} (${mb(outBytes).toFixed(0)} MiB, ${storedCount} stored scripts); ${rss(out)}`,
  );
  console.log(
    `  the same, again   ${outAgain.seconds.toFixed(2)} s, ${rate(outBytes, outAgain.seconds)}; ${rss(outAgain)}`,
  );
  console.log(
    `  cp -r of scripts  ${outCp.toFixed(2)} s, ${rate(outBytes, outCp)}   → zip out at ${(outCp / out.seconds).toFixed(2)} × cp`,
  );
  console.log(
    `  bare HTTP out     ${outBare.toFixed(2)} s, ${rate(outBytes, outBare)} (the same bytes, a bare Node server) → zip out at ${(outBare / out.seconds).toFixed(2)} × bare`,
  );
  console.log(
    `  marked zip, dry   ${dry.seconds.toFixed(2)} s, ${rate(inBytes, dry.seconds)} (${mb(inBytes).toFixed(0)} MiB); ${rss(dry)}`,
  );
  console.log(
    `  the same, again   ${dryAgain.seconds.toFixed(2)} s, ${rate(inBytes, dryAgain.seconds)}; ${rss(dryAgain)}`,
  );
  console.log(
    `  marked zip, apply ${applied.seconds.toFixed(2)} s, ${rate(inBytes, applied.seconds)}; ${rss(applied)}`,
  );
  console.log(
    `  cp of the zip     ${inCp.toFixed(2)} s, ${rate(inBytes, inCp)}   → apply at ${(inCp / applied.seconds).toFixed(2)} × cp`,
  );
  console.log(
    `  disk write (dd)   ${inDisk.toFixed(2)} s, ${rate(inBytes, inDisk)} (the zip written with fdatasync) → dry run at ${(inDisk / dry.seconds).toFixed(2)} ×, again ${(inDisk / dryAgain.seconds).toFixed(2)} ×; apply (which writes it twice) at ${((2 * inDisk) / applied.seconds).toFixed(2)} ×`,
  );
  console.log(
    `  bare HTTP in      ${inBareFirst.toFixed(2)} s before the dry run, ${inBare.toFixed(2)} s after the apply (the zip PUT to a bare Node server) → dry run at ${(inBareFirst / dry.seconds).toFixed(2)} × the first, again at ${(inBare / dryAgain.seconds).toFixed(2)} × the second`,
  );
}

await session.main(main);
