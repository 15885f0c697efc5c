import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/client.js';
import { SAMPLE } from '../test/multipart.js';
import { type BackupManifest, MANIFEST_ENTRY } from './backup-format.js';
import { LOCK_FILE, type LockHolder, lockDataDir } from './data-dir-lock.js';

/*
 * The operations commands as an operator runs them: each a process of its own (node with tsx on the
 * TypeScript sources), beside a real server on a real data folder. One scenario, step by step: a
 * server that refuses a second one on its folder, a seed and a backup run through it while it
 * serves, a restore onto PostgreSQL and into an empty folder, and a backup killed half-way.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const entry = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));
const MAIN = entry('main.ts');
const CLI = entry('cli.ts');
const SEED = entry('seed/seed-demo.ts');

const PG_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const pgUp = await reachable(PG_ADMIN_URL);

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const ADMIN = { username: 'boss', password: 'boss-password-2026' };
const JWT_SECRET = randomBytes(32).toString('hex');
/** Settings of the shell this runs in that would point a command somewhere else. */
const FOREIGN =
  /^(DATABASE_URL|TEST_DATABASE_URL|DATABASE_POOL_SIZE|DATA_DIR|PORT|HOST|API_PREFIX|JWT_SECRET|ADMIN_.*|S3_.*|WEB_DIST|TRUST_PROXY|NODE_OPTIONS)$/;
const baseEnv: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !FOREIGN.test(key))),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
};

type Ran = { code: number | null; signal: NodeJS.Signals | null; out: string };
/**
 * Long enough for any command here on a busy machine; a command past it is killed and its output
 * shown. Not for a server: it lives across several tests (the file's afterAll kills what is left),
 * and on a busy machine those tests together outlast any one command.
 */
const PROCESS_DEADLINE_MS = 50_000;
type Running = { child: ChildProcess; pid: number; done: Promise<Ran> };
const running = new Set<ChildProcess>();

/**
 * One of the server's entry points as its own process; `out` is its stdout and stderr together.
 * Killed after `deadlineMs` unless that is null.
 */
function launch(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  deadlineMs: number | null = PROCESS_DEADLINE_MS,
): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', file, ...args], {
    cwd: REPO_ROOT,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const deadline =
    deadlineMs === null
      ? undefined
      : setTimeout(() => {
          out += `\n[killed by the test: still running after ${deadlineMs} ms]`;
          child.kill('SIGKILL');
        }, deadlineMs);
  const done = new Promise<Ran>((resolve) =>
    child.once('close', (code, signal) => {
      clearTimeout(deadline);
      running.delete(child);
      resolve({ code, signal, out });
    }),
  );
  return { child, pid: child.pid as number, done };
}

const run = (file: string, args: string[], env: NodeJS.ProcessEnv) => launch(file, args, env).done;

/** Expects exit code 0, showing the output when not. */
function succeeded(ran: Ran): string {
  expect(ran.code, ran.out).toBe(0);
  return ran.out;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * fetch on a connection of its own. A kept-alive connection that was busy when the server was told
 * to stop keeps its graceful shutdown waiting for Fastify's keep-alive timeout (72 s).
 */
function request(url: string, init: RequestInit = {}, timeoutMs = 10_000) {
  return fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), connection: 'close' },
    signal: AbortSignal.timeout(timeoutMs),
  });
}

type Server = { base: string; pid: number; stop: () => Promise<void> };

/** src/main.ts on a free port, once /api/health answers. */
async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  // Its log at info level: shown when it fails to start or to stop. No deadline: it serves until
  // stopped (the first one, the source, across five tests that on a busy machine took over 50 s).
  const server = launch(MAIN, [], { LOG_LEVEL: 'info', ...env, PORT: String(port) }, null);
  const base = `http://127.0.0.1:${port}`;
  let exited: Ran | undefined;
  void server.done.then((ran) => {
    exited = ran;
  });
  for (;;) {
    if (exited) throw new Error(`The server exited (${exited.code}) before answering:\n${exited.out}`);
    const health = await request(`${base}/api/health`, {}, 5000).catch(() => null);
    if (health?.ok) break;
    await wait(150);
  }
  return {
    base,
    pid: server.pid,
    async stop() {
      server.child.kill('SIGTERM');
      succeeded(await server.done);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read field by field like inject's json() elsewhere
type Answer = { status: number; body: any };

async function call(base: string, method: string, url: string, token?: string, body?: object): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body) headers['content-type'] = 'application/json';
  const response = await request(`${base}${url}`, {
    method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, body: parsed };
}

async function postForm(base: string, url: string, token: string, form: FormData): Promise<Answer> {
  const response = await request(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

async function signIn(base: string): Promise<string> {
  const answer = await call(base, 'POST', '/api/signin', undefined, ADMIN);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.jwtToken as string;
}

/**
 * Reads through the API (a token's account, the course list, an exam with its signed paper link)
 * until stopped: the statuses it got, all of which should be 200.
 */
function requestLoop(base: string, token: string, examId?: number) {
  const statuses: number[] = [];
  let stopping = false;
  const urls = ['/api/health', '/api/me', '/api/courses', ...(examId ? [`/api/api/v1/exams/${examId}`] : [])];
  const loop = (async () => {
    for (let i = 0; !stopping; i++) {
      const answer = await request(`${base}${urls[i % urls.length]}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
  })();
  return async () => {
    stopping = true;
    await loop;
    return statuses;
  };
}

/** Every file under `dir` (relative path → size and mtime): what a refused process must not touch. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((dirent) => path.join(dirent.parentPath, dirent.name))
    .map((file) => {
      const name = path.relative(dir, file);
      // The running server's job queue writes its database as it runs (the every-minute schedule):
      // its pages and WAL are listed by name alone; every other file by size and time too.
      if (/^pglite\/(base|pg_wal)\/./.test(name)) return name;
      const info = statSync(file);
      return `${name} ${info.isDirectory() ? 'dir' : info.size} ${info.mtimeMs}`;
    })
    .sort();
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Each stored file of a data folder (its key) with its SHA-256. */
async function storedFiles(dataDir: string): Promise<Record<string, string>> {
  const root = path.join(dataDir, 'files');
  const files: Record<string, string> = {};
  for (const dirent of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!dirent.isFile()) continue;
    const file = path.join(dirent.parentPath, dirent.name);
    files[path.relative(root, file).split(path.sep).join('/')] = await sha256(file);
  }
  return files;
}

/** Files and folders anyone but the owner may read, under `dir`. */
function openToOthers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((dirent) => path.join(dirent.parentPath, dirent.name))
    .filter((file) => (statSync(file).mode & 0o077) !== 0)
    .map((file) => `${path.relative(dir, file)} ${(statSync(file).mode & 0o777).toString(8)}`);
}

const COUNT_TABLES = `select table_schema || '.' || table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`;

async function countRows(query: (sql: string) => Promise<Record<string, unknown>[]>) {
  const counts: Record<string, number> = {};
  for (const row of await query(COUNT_TABLES)) {
    const [schema, table] = String(row.name).split('.');
    const [counted] = await query(`select count(*)::int as count from "${schema}"."${table}"`);
    counts[String(row.name)] = Number(counted?.count);
  }
  return counts;
}

async function countPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function readManifest(file: string): Promise<BackupManifest> {
  const extract = tar.extract();
  createReadStream(file).pipe(extract);
  let manifest: BackupManifest | undefined;
  for await (const item of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of item) chunks.push(chunk as Buffer);
    if (item.header.name === MANIFEST_ENTRY) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }
  if (!manifest) throw new Error(`${file} has no manifest`);
  return manifest;
}

let work: string;
let sourceDir: string;
let backups: string;
let targetUrl: string;
let targetName: string;
/** Where the PostgreSQL restore keeps its files (local storage lives in DATA_DIR/files). */
let pgFilesDir: string;
let liteDir: string;
let source: Server | undefined;
let token: string;
let paperExamId: number;
let paperBytes: Buffer;
let backup: string;
let sourceCounts: Record<string, number>;
let sourceFiles: Record<string, string>;
let liteRestore: Promise<Ran> | undefined;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'valence-ops-'));
  sourceDir = path.join(work, 'source');
  backups = path.join(work, 'backups');
  pgFilesDir = path.join(work, 'restored-pg');
  liteDir = path.join(work, 'restored-lite');
  await mkdir(backups);
  backup = path.join(backups, 'nightly.tar');
  targetName = `v_restore_${randomBytes(6).toString('hex')}`;
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${targetName}`;
  targetUrl = url.toString();
  if (pgUp) await adminQuery(`create database ${targetName}`);
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  if (pgUp) await adminQuery(`drop database if exists ${targetName} with (force)`);
  await rm(work, { recursive: true, force: true });
});

/** What a restore of the backup says it restored, from the source's own counts. */
function restoredSummary() {
  const rows = Object.values(sourceCounts).reduce((sum, count) => sum + count, 0);
  return `Restored ${rows.toLocaleString('en-US')} rows in ${Object.keys(sourceCounts).length} tables and ${
    Object.keys(sourceFiles).length
  } files`;
}

describe('backup and restore, as processes beside a running server', () => {
  it('refuses a second server on the folder, naming the first, and changes no file', async () => {
    source = await startServer({ DATA_DIR: sourceDir });
    const before = listing(sourceDir);
    const second = await run(MAIN, [], { DATA_DIR: sourceDir, PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(second.out).toContain(`${sourceDir} is in use by \`npm start\` (pid ${source.pid}, since `);
    expect(listing(sourceDir)).toEqual(before);
    const lock = JSON.parse(readFileSync(path.join(sourceDir, LOCK_FILE), 'utf8')) as LockHolder;
    expect(lock).toMatchObject({ pid: source.pid, command: 'npm start' });
    expect((await call(source.base, 'GET', '/api/health')).status).toBe(200);
  }, 60_000);

  it('seeds the demo through the running server, which keeps answering', async () => {
    const server = source as Server;
    token = await signIn(server.base);
    const stop = requestLoop(server.base, token);
    const seeded = succeeded(await run(SEED, ['--scale', '1'], { DATA_DIR: sourceDir }));
    const statuses = await stop();
    expect(seeded).toContain(`is held by \`npm start\` (pid ${server.pid}`);
    expect(seeded).toContain('running this through it');
    expect(seeded).toMatch(/Done in [\d.]+ s/);
    // Last, one student to try the students' app as.
    expect(seeded).toMatch(
      /Try the students' app: http:\/\/localhost:\d+\/learn\/login\n {2}username \S+ {2}password \S+/,
    );
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await call(server.base, 'GET', '/api/courses', token)).body).toHaveLength(6);
  }, 60_000);

  it('stores files through the API: a PART II paper and a question picture', async () => {
    const { base } = source as Server;
    const course = await call(base, 'POST', '/api/courses', token, { title: 'Backed up', description: 'Ops' });
    expect(course.status).toBe(201);
    paperBytes = Buffer.concat([SAMPLE.pdf, randomBytes(4096)]);
    const paperForm = new FormData();
    const dto = (examType: string, examIdentifier: string) =>
      JSON.stringify({
        courseId: course.body.id,
        title: 'Term test',
        description: 'Backed up',
        dueDate: '2030-12-01T10:00',
        examType,
        examIdentifier,
      });
    paperForm.append('examDTO', dto('TRADITIONAL', 'OPS_BACKUP_PAPER'));
    paperForm.append('examPaperFile', new Blob([paperBytes], { type: 'application/pdf' }), 'paper.pdf');
    const paperExam = await postForm(base, '/api/api/v1/exams', token, paperForm);
    expect(paperExam.status, JSON.stringify(paperExam.body)).toBe(201);
    paperExamId = paperExam.body.id;

    const mcqForm = new FormData();
    mcqForm.append('examDTO', dto('MCQ', 'OPS_BACKUP_MCQ'));
    const mcq = await postForm(base, '/api/api/v1/exams', token, mcqForm);
    expect(mcq.status).toBe(201);
    const questionForm = new FormData();
    questionForm.append(
      'questionDTO',
      JSON.stringify({
        questionText: 'Which gas turns lime water milky?',
        options: ['H2', 'O2', 'CO2', 'N2', 'Cl2'].map((optionText, i) => ({ optionText, isCorrect: i === 2 })),
      }),
    );
    questionForm.append(
      'questionImageFile',
      new Blob([Buffer.concat([SAMPLE.png, randomBytes(2048)])], { type: 'image/png' }),
      'apparatus.png',
    );
    const question = await postForm(base, `/api/api/v1/exams/${mcq.body.id}/mcq-questions`, token, questionForm);
    expect(question.status, JSON.stringify(question.body)).toBe(201);

    const stored = Object.keys(await storedFiles(sourceDir));
    expect(stored.filter((key) => key.startsWith('exams/'))).toHaveLength(1);
    expect(stored.filter((key) => key.startsWith('questions/'))).toHaveLength(1);
  }, 30_000);

  it('backs the store up while the server goes on answering, under the final name only once whole', async () => {
    const server = source as Server;
    const stop = requestLoop(server.base, token, paperExamId);
    const written = succeeded(await run(CLI, ['backup', '--out', backup], { DATA_DIR: sourceDir }));
    const statuses = await stop();
    expect(written).toContain('copying the database from it');
    expect(written).toContain(`Backup written to ${backup}`);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // No temporary file is left beside it.
    expect(readdirSync(backups)).toEqual(['nightly.tar']);
    expect(statSync(backup).mode & 0o077).toBe(0);

    await server.stop();
    source = undefined;
    expect(existsSync(path.join(sourceDir, LOCK_FILE))).toBe(false);
    // The embedded restore takes a while: it runs while the source is read and PostgreSQL restored.
    liteRestore = run(CLI, ['restore', backup], { DATA_DIR: liteDir });
  }, 60_000);

  it('holds in its manifest the row counts and file checksums of the source folder', async () => {
    const lock = lockDataDir(sourceDir, 'backup-restore test');
    try {
      const db = new PGlite(pgliteOptions(sourceDir));
      await db.waitReady;
      try {
        sourceCounts = await countRows(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
      } finally {
        await db.close();
      }
    } finally {
      lock.release();
    }
    sourceFiles = await storedFiles(sourceDir);
    expect(Object.keys(sourceFiles).length).toBeGreaterThanOrEqual(2);
    expect(sourceCounts['public.accounts']).toBeGreaterThan(40);
    expect(sourceCounts['drizzle.__drizzle_migrations']).toBeGreaterThan(0);

    const manifest = await readManifest(backup);
    expect(manifest.tables).toEqual(sourceCounts);
    expect(Object.fromEntries(manifest.files.map((file) => [file.key, file.sha256]))).toEqual(sourceFiles);
  }, 60_000);

  it.runIf(pgUp)(
    'restores onto an empty PostgreSQL database: the same rows and the same files, kept private',
    async () => {
      const restored = succeeded(
        await run(CLI, ['restore', backup], { DATABASE_URL: targetUrl, DATA_DIR: pgFilesDir }),
      );
      expect(restored).toContain(`${restoredSummary()} into PostgreSQL`);
      expect(restored).toContain('Everyone signs in again.');
      expect(await countPostgres(targetUrl)).toEqual(sourceCounts);
      expect(await storedFiles(pgFilesDir)).toEqual(sourceFiles);
      // Uploads and the database live in a folder only the server's user may read; so do restored ones.
      expect(openToOthers(path.join(pgFilesDir, 'files'))).toEqual([]);
    },
    60_000,
  );

  it.runIf(pgUp)(
    'ends every session: a token from before the restore is refused, signing in again works',
    async () => {
      const server = await startServer({ DATABASE_URL: targetUrl, DATA_DIR: pgFilesDir });
      try {
        expect((await call(server.base, 'GET', '/api/me', token)).status).toBe(401);
        const fresh = await signIn(server.base);
        const me = await call(server.base, 'GET', '/api/me', fresh);
        expect(me.body).toMatchObject({ username: ADMIN.username, roles: ['ROLE_SUPERADMIN'] });
        // The exam's row points at a restored file, served whole.
        const exam = await call(server.base, 'GET', `/api/api/v1/exams/${paperExamId}`, fresh);
        expect(exam.status).toBe(200);
        const paper = await request(`${server.base}${exam.body.examPaperUrl}`);
        expect(paper.status).toBe(200);
        expect(Buffer.from(await paper.arrayBuffer()).equals(paperBytes)).toBe(true);
      } finally {
        await server.stop();
      }
    },
    60_000,
  );

  it.runIf(pgUp)(
    'refuses a PostgreSQL database that holds tables unless --force, which replaces them',
    async () => {
      // The target drifts from the backup, so the forced restore has something to undo.
      const client = new pg.Client({ connectionString: targetUrl });
      await client.connect();
      await client.query('delete from watch_time');
      await client.end();
      const drifted = await countPostgres(targetUrl);
      expect(drifted['public.watch_time']).toBe(0);

      const refused = await run(CLI, ['restore', backup], { DATABASE_URL: targetUrl, DATA_DIR: pgFilesDir });
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('The PostgreSQL database already has tables.');
      expect(refused.out).toContain('--force');
      expect(await countPostgres(targetUrl)).toEqual(drifted);

      succeeded(await run(CLI, ['restore', backup, '--force'], { DATABASE_URL: targetUrl, DATA_DIR: pgFilesDir }));
      expect(await countPostgres(targetUrl)).toEqual(sourceCounts);
    },
    60_000,
  );

  it('leaves nothing under the final name when a backup is killed with -9 half-way', async () => {
    // PostgreSQL's backup starts writing soonest; the embedded one is used when there is none.
    const env = pgUp ? { DATABASE_URL: targetUrl, DATA_DIR: pgFilesDir } : { DATA_DIR: sourceDir };
    const dataDir = env.DATA_DIR;
    // A large file, so that the archive is still being written when the kill comes.
    const big = path.join(dataDir, 'files', 'resources', 'large-recording.bin');
    await mkdir(path.dirname(big), { recursive: true });
    await writeFile(big, Buffer.alloc(64 * 1024 * 1024, 1));
    const out = path.join(backups, 'killed.tar');
    const killed = launch(CLI, ['backup', '--out', out], env);
    const partial = `${out}.partial-${killed.pid}`;
    let finished: Ran | undefined;
    void killed.done.then((ran) => {
      finished = ran;
    });
    try {
      // Past the database and into the files: killed while the archive is half written.
      for (;;) {
        if (finished) throw new Error(`The backup ended before it could be killed:\n${finished.out}`);
        if (existsSync(partial) && statSync(partial).size > 8 * 1024 * 1024) break;
        await wait(5);
      }
      killed.child.kill('SIGKILL');
      const ran = await killed.done;
      expect(ran.signal).toBe('SIGKILL');
      expect(existsSync(out)).toBe(false);
      // What a kill leaves behind is only ever under a temporary name, readable by its owner alone.
      const left = readdirSync(backups).filter((name) => name.startsWith('killed.tar'));
      expect(left).toContain(`killed.tar.partial-${killed.pid}`);
      for (const name of left) expect(name).toMatch(new RegExp(`^killed\\.tar\\.(partial|sql)-${killed.pid}`));
      expect(openToOthers(backups)).toEqual([]);
    } finally {
      await rm(big, { force: true });
    }
  }, 60_000);

  it('restores into an empty data folder, which a server then serves with the old sessions ended', async () => {
    const restored = succeeded(await (liteRestore as Promise<Ran>));
    expect(restored).toContain(`${restoredSummary()} into ${liteDir}`);
    expect(await storedFiles(liteDir)).toEqual(sourceFiles);
    expect(openToOthers(liteDir)).toEqual([]);
    const server = await startServer({ DATA_DIR: liteDir });
    try {
      expect((await call(server.base, 'GET', '/api/me', token)).status).toBe(401);
      const fresh = await signIn(server.base);
      expect((await call(server.base, 'GET', '/api/courses', fresh)).body).toHaveLength(7);
      const exam = await call(server.base, 'GET', `/api/api/v1/exams/${paperExamId}`, fresh);
      const paper = await request(`${server.base}${exam.body.examPaperUrl}`);
      expect(Buffer.from(await paper.arrayBuffer()).equals(paperBytes)).toBe(true);
    } finally {
      await server.stop();
    }
    const again = await run(CLI, ['restore', backup], { DATA_DIR: liteDir });
    expect(again.code).toBe(1);
    expect(again.out).toContain(`${liteDir} already holds a database or files.`);
  }, 60_000);

  it('stops within seconds when told to while a kept-alive connection is mid-request', async () => {
    const server = await startServer({ DATA_DIR: path.join(work, 'shutdown') });
    const { port } = new URL(server.base);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ username: 'nobody-here', password: 'not-the-password' });
    // The headers and half the body: the request is under way when the signal lands.
    socket.write(
      `POST /api/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
    );
    await wait(300);
    const told = Date.now();
    const stopped = server.stop();
    await wait(300);
    socket.write(body.slice(10));
    const answered = await new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
    expect(answered).toMatch(/^HTTP\/1\.1 \d{3}/);
    // The client keeps its end open, as a browser's kept-alive connection does.
    await stopped;
    expect(Date.now() - told).toBeLessThan(10_000);
    socket.destroy();
  }, 90_000);
  it('refuses a file that is not a backup with a sentence, leaving the target empty', async () => {
    const notBackup = path.join(work, 'holiday-photo.tar');
    await writeFile(notBackup, 'not a tar file at all');
    const target = path.join(work, 'not-restored');
    const ran = await run(CLI, ['restore', notBackup], { DATA_DIR: target });
    expect(ran.code).toBe(1);
    expect(ran.out).toContain(`${notBackup} is not a Valence backup, or it is damaged`);
    expect(existsSync(path.join(target, 'pglite'))).toBe(false);
  }, 60_000);
});
