import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { batches, replayableStatements, splitSqlScript } from '../ops/sql-script.js';
import { createTestDatabase, dropTestDatabase } from '../test/harness.js';
import { openDatabase, pgliteOptions } from './client.js';

/**
 * A store made by the first release (migration 0000 only, rows in every table) must start under
 * this one: every later migration applies and no row is lost. A migration that fails leaves the
 * store exactly as it was, so the older release still starts on it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = readFileSync(path.join(here, 'upgrade-fixture/schema-0000.sql'), 'utf8');
const MIGRATIONS = path.join(here, '../../drizzle');
const journalSize = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')).entries.length;

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** A store to upgrade: the fixture replayed into a fresh PGlite folder or PostgreSQL database. */
type OldStore = {
  open: (migrationsFolder?: string) => ReturnType<typeof openDatabase>;
  /** Reads the store directly, outside any migration. */
  read: <T>(work: (query: Query) => Promise<T>) => Promise<T>;
  drop: () => Promise<void>;
};

async function embeddedStore(): Promise<OldStore> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'valence-upgrade-'));
  const db = new PGlite(pgliteOptions(dataDir));
  await db.exec('begin');
  for (const batch of batches(splitSqlScript(FIXTURE))) await db.exec(batch);
  await db.exec('commit');
  await db.close();
  return {
    open: (migrationsFolder) => openDatabase({ dataDir, ...(migrationsFolder ? { migrationsFolder } : {}) }),
    read: async (work) => {
      const reader = new PGlite(pgliteOptions(dataDir));
      try {
        return await work(async (text) => (await reader.query<Record<string, unknown>>(text)).rows);
      } finally {
        await reader.close();
      }
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresStore(url: string): Promise<OldStore> {
  const { name, databaseUrl } = await createTestDatabase(url, 'valence_upgrade');
  const read = async <T>(work: (query: Query) => Promise<T>) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  };
  await read(async (query) => {
    const known = new Set((await query('select name from pg_settings')).map((row) => String(row.name)));
    await query('begin');
    for (const batch of batches(replayableStatements(FIXTURE, known))) await query(batch);
    await query('commit');
  });
  return {
    open: (migrationsFolder) => openDatabase({ databaseUrl, ...(migrationsFolder ? { migrationsFolder } : {}) }),
    read,
    drop: () => dropTestDatabase(url, name),
  };
}

const counts = (query: Query) =>
  query(`select
    (select count(*)::int from accounts) as accounts,
    (select count(*)::int from courses) as courses,
    (select count(*)::int from enrollments) as enrollments,
    (select count(*)::int from resources) as resources,
    (select count(*)::int from watch_time) as watch_time,
    (select count(*)::int from exams) as exams,
    (select count(*)::int from mcq_questions) as questions,
    (select count(*)::int from mcq_options) as options,
    (select count(*)::int from submissions) as submissions,
    (select count(*)::int from submission_answers) as answers,
    (select count(*)::int from audit_log) as audit`).then((rows) => rows[0]);

const FIXTURE_COUNTS = {
  accounts: 4,
  courses: 1,
  enrollments: 2,
  resources: 1,
  watch_time: 1,
  exams: 2,
  questions: 1,
  options: 5,
  submissions: 2,
  answers: 1,
  audit: 1,
};

const migrationsApplied = (query: Query) =>
  query('select count(*)::int as n from drizzle.__drizzle_migrations').then((rows) => rows[0]?.n);

/** A copy of today's migrations with one more, which fails after its first statement succeeded. */
function withFailingMigration(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'valence-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_fails' });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    path.join(folder, '9999_fails.sql'),
    'CREATE TABLE "upgrade_probe" ("id" integer);\n--> statement-breakpoint\nUPDATE accounts SET username = NULL;',
  );
  return folder;
}

const stores: [string, () => Promise<OldStore>][] = [['the embedded database', embeddedStore]];
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) stores.push(['PostgreSQL', () => postgresStore(testDatabaseUrl)]);

describe.each(stores)('upgrading a first-release store on %s', (_name, make) => {
  let store: OldStore | undefined;
  const folders: string[] = [];
  afterEach(async () => {
    await store?.drop();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('applies every later migration and keeps every row', async () => {
    store = await make();
    expect(await store.read(migrationsApplied)).toBe(1);
    const database = await store.open();
    await database.close();
    await store.read(async (query) => {
      expect(await migrationsApplied(query)).toBe(journalSize);
      expect(await counts(query)).toEqual(FIXTURE_COUNTS);
      // Columns later migrations added are filled in for the old rows.
      const [amaya] = await query('select username, name, session_version from accounts where id = 3');
      expect(amaya).toEqual({ username: 'amaya', name: 'Amaya Perera', session_version: 1 });
      const [marked] = await query('select traditional_score, instructor_feedback from submissions where id = 2');
      expect(marked).toEqual({ traditional_score: 72.5, instructor_feedback: 'Good use of \\ce{->}' });
    });
    // A second start finds nothing left to do.
    const again = await store.open();
    await again.close();
    expect(await store.read(migrationsApplied)).toBe(journalSize);
  });

  it('leaves the store as it was when a migration fails', async () => {
    store = await make();
    const folder = withFailingMigration();
    folders.push(folder);
    await expect(store.open(folder)).rejects.toThrow();
    await store.read(async (query) => {
      expect(await migrationsApplied(query)).toBe(1);
      const probe = await query("select to_regclass('public.upgrade_probe') as t");
      expect(probe[0]?.t).toBeNull();
      expect(await counts(query)).toEqual(FIXTURE_COUNTS);
    });
    // Today's migrations still apply afterwards.
    const database = await store.open();
    await database.close();
    expect(await store.read(migrationsApplied)).toBe(journalSize);
  });
});
