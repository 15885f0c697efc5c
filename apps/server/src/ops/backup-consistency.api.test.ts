import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.js';
import { submissions } from '../db/schema.js';
import type { LocalStorage } from '../storage/local-storage.js';
import { createExam, enrol, examAction } from '../test/exams.js';
import { createTestDatabase, dropTestDatabase, expectStatus, type Login, useTestApp } from '../test/harness.js';
import { SAMPLE } from '../test/multipart.js';
import { grade, uploadAnswer } from '../test/submissions.js';
import { backupCommand } from './backup.js';
import { type BackupManifest, FILES_PREFIX, MANIFEST_ENTRY } from './backup-format.js';
import { listenControlSocket } from './control-socket.js';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { restoreCommand } from './restore.js';
import { serveOpsCommands } from './serve-ops.js';
import { referencedKeys } from './sweep-files.js';

/*
 * A backup taken while students replace their PART II scripts and a tutor replaces a marked paper:
 * the changes land between the backup's database snapshot and its copy of the files (through the
 * backup's own hook, not a sleep), and every file a restored row names must be in the backup. The
 * backup runs in this process as `npm run backup` does: on PGlite through the control socket of the
 * "server" (this test app), on PostgreSQL (TEST_DATABASE_URL) with pg_dump.
 */
const t = useTestApp();
const STUDENTS = 10;
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const JWT_SECRET = randomBytes(32).toString('hex');

let work: string;
let tutor: Login;
let examId: number;
const pupils: Login[] = [];
let markedSubmission: number;
let lock: DataDirLock | undefined;
let stopControl: (() => Promise<void>) | undefined;
/** The environment a backup of the test app's store runs with. */
let sourceEnv: NodeJS.ProcessEnv;
const dropAfter: string[] = [];

const pdf = () => Buffer.concat([SAMPLE.pdf, randomBytes(2048)]);

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'valence-backup-consistency-'));
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  const courseId = (await t.createCourse(tutor.headers, 'Backed up')).id;
  examId = (await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: '2030-12-01T10:00' })).id;
  await examAction(t, tutor.headers, examId);
  for (let i = 0; i < STUDENTS; i++) {
    const pupil = await t.login('ROLE_STUDENT', `pupil${i}`);
    await enrol(t, tutor.headers, courseId, pupil.id);
    expectStatus(await uploadAnswer(t, pupil.headers, examId, { bytes: pdf(), name: 'script.pdf' }), 201);
    pupils.push(pupil);
  }
  const [first] = await t.database.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.studentId, (pupils[0] as Login).id));
  markedSubmission = first?.id as number;
  expectStatus(
    await grade(t, tutor.headers, markedSubmission, {
      traditionalScore: '64',
      markedPaperFile: { bytes: pdf(), name: 'marked.pdf' },
    }),
    200,
  );

  if (t.database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    const name = (await t.database.db.execute<{ name: string }>('select current_database() as name')) as unknown as {
      rows: { name: string }[];
    };
    await client.end();
    const url = new URL(ADMIN_URL as string);
    url.pathname = `/${name.rows[0]?.name}`;
    sourceEnv = { DATABASE_URL: url.toString(), DATA_DIR: t.dataDir, JWT_SECRET, LOG_LEVEL: 'silent' };
  } else {
    // The test app stands in for `npm start`: it holds the folder and answers on its control socket.
    lock = lockDataDir(t.dataDir, 'npm start');
    stopControl = await serveOpsCommands(
      lock,
      { config: t.app.config, database: t.database, storage: t.storage },
      listenControlSocket,
    );
    sourceEnv = { DATA_DIR: t.dataDir, JWT_SECRET, LOG_LEVEL: 'silent' };
  }
});

afterAll(async () => {
  await stopControl?.();
  lock?.release();
  for (const name of dropAfter) await dropTestDatabase(ADMIN_URL as string, name);
  if (work) await rm(work, { recursive: true, force: true });
});

/** Runs a command with what it prints collected: its exit code (or the refusal it threw) and output. */
async function captured(work: () => Promise<number>): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  };
  const log = vi.spyOn(console, 'log').mockImplementation(keep);
  const error = vi.spyOn(console, 'error').mockImplementation(keep);
  try {
    const code = await work().catch((refused: Error) => {
      lines.push(refused.message);
      return 1;
    });
    return { code, out: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** A fresh target to restore into: an empty folder, and on PostgreSQL an empty database. */
async function freshTarget(name: string): Promise<NodeJS.ProcessEnv> {
  const dataDir = path.join(work, name);
  if (!ADMIN_URL) return { DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent' };
  const made = await createTestDatabase(ADMIN_URL, 'valence_restored');
  dropAfter.push(made.name);
  return { DATABASE_URL: made.databaseUrl, DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent' };
}

/** The keys the restored database names that are not in the restored folder's files. */
async function missingAfterRestore(env: NodeJS.ProcessEnv): Promise<{ named: number; missing: string[] }> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR as string });
  try {
    const keys = [...(await referencedKeys(database.db))];
    const missing = keys.filter((key) => !existsSync(path.join(env.DATA_DIR as string, 'files', key)));
    return { named: keys.length, missing };
  } finally {
    await database.close();
  }
}

let backupFile: string;
let keysAtSnapshot: string[];

describe('a backup taken while files are replaced', () => {
  it('holds every file its database names: scripts and a marked paper replaced mid-backup', async () => {
    backupFile = path.join(work, 'during-resubmissions.tar');
    const replaced: string[] = [];
    const backedUp = await captured(() =>
      backupCommand(['--out', backupFile], {
        env: sourceEnv,
        async afterSnapshot() {
          keysAtSnapshot = [...(await referencedKeys(t.database.db))];
          // Between the snapshot and the copy: every script re-uploaded, the marked paper replaced.
          for (const pupil of pupils.slice(1)) {
            expectStatus(await uploadAnswer(t, pupil.headers, examId, { bytes: pdf(), name: 'again.pdf' }), 200);
          }
          expectStatus(
            await grade(t, tutor.headers, markedSubmission, {
              traditionalScore: '71',
              markedPaperFile: { bytes: pdf(), name: 'marked-again.pdf' },
            }),
            200,
          );
          const now = new Set(await referencedKeys(t.database.db));
          replaced.push(...keysAtSnapshot.filter((key) => !now.has(key)));
          // Deleted by the API, kept in the store while the backup runs.
          for (const key of replaced) expect(await t.storage.stat(key), key).not.toBeNull();
        },
      }),
    );
    expect(backedUp.code, backedUp.out).toBe(0);
    // Nine scripts and one marked paper were replaced after the snapshot named them.
    expect(replaced).toHaveLength(STUDENTS);

    const target = await freshTarget('restored');
    const restored = await captured(() => restoreCommand([backupFile], { env: target }));
    expect(restored.code, restored.out).toBe(0);
    const { named, missing } = await missingAfterRestore(target);
    expect(missing).toEqual([]);
    // The restore checked it too, and says so.
    expect(named).toBe(keysAtSnapshot.length);
    expect(restored.out).toContain(`All ${named} files the database names are present.`);

    // The replaced files were kept only while the backup ran: once it is over they go (the store
    // tries every few seconds; the restore took longer, and a last flush does what is left).
    await (t.storage as LocalStorage).flushHeldDeletions();
    for (const key of replaced) expect(await t.storage.stat(key), key).toBeNull();
  }, 120_000);

  it('restores a backup that lacks a named file with the file named and a non-zero exit', async () => {
    // The archive as a damaged copy or an older, inconsistent backup would have it: one script gone
    // from both the entries and the manifest, so every checksum still holds.
    const lacking = path.join(work, 'lacking-one.tar');
    const dropped = keysAtSnapshot.find((key) => key.startsWith('answers/')) as string;
    const extract = tar.extract();
    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(lacking));
    createReadStream(backupFile).pipe(extract);
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      let body = Buffer.concat(chunks);
      if (entry.header.name === `${FILES_PREFIX}${dropped}`) continue;
      if (entry.header.name === MANIFEST_ENTRY) {
        const manifest = JSON.parse(body.toString('utf8')) as BackupManifest;
        manifest.files = manifest.files.filter((file) => file.key !== dropped);
        body = Buffer.from(JSON.stringify(manifest));
      }
      pack.entry({ name: entry.header.name, mode: 0o600 }, body);
    }
    pack.finalize();
    await written;

    const target = await freshTarget('restored-lacking');
    const restored = await captured(() => restoreCommand([lacking], { env: target }));
    expect(restored.code, restored.out).toBe(1);
    expect(restored.out).toContain(
      `1 of the ${keysAtSnapshot.length} files the database names are missing:\n  ${dropped}`,
    );
    expect(restored.out).toContain(
      'Warning: 1 file(s) the database names are missing (listed above): their links will answer 404.',
    );
    expect((await missingAfterRestore(target)).missing).toEqual([dropped]);
  }, 120_000);
});
