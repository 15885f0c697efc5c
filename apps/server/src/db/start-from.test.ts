import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';
import { countRows } from './rows.js';
import { courses, examScriptCounts } from './schema.js';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A copy of the migrations without the newest `drop` of them, as an older release shipped them. */
async function olderMigrations(drop: number): Promise<{ folder: string; kept: number; all: number }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'valence-migrations-'));
  folders.push(folder);
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
  const all = journal.entries.length;
  journal.entries = journal.entries.slice(0, all - drop);
  await writeFile(journalFile, JSON.stringify(journal));
  return { folder, kept: all - drop, all };
}

async function copyOf(database: Database): Promise<Blob> {
  if (!database.snapshot) throw new Error('no snapshot');
  return new Blob([await buffer(await database.snapshot())]);
}

/** How many migrations the store has recorded as applied. */
async function applied(database: Database): Promise<number> {
  const answer = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (answer as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

// Each test opens two stores: several seconds on a loaded 2-core machine.
describe('an in-memory store started from a copy of another', { timeout: 60_000 }, () => {
  it("keeps the copy's rows and runs only the migrations the copy lacks", async () => {
    const { folder, kept, all } = await olderMigrations(2);
    const older = await openDatabase({ migrationsFolder: folder });
    await older.db.insert(courses).values({ title: 'Kept Course', description: 'from the copy' });
    expect(await applied(older)).toBe(kept);
    const copy = await copyOf(older);
    await older.close();

    const started = await openDatabase({ startFrom: copy });
    try {
      const titles = await started.db.select({ title: courses.title }).from(courses);
      expect(titles.map((row) => row.title)).toEqual(['Kept Course']);
      expect(await applied(started)).toBe(all);
      // The newer migrations' table is there, and usable.
      expect(await countRows(started.db, examScriptCounts)).toBe(0);
    } finally {
      await started.close();
    }
  });

  it('leaves the store it was copied from as it was', async () => {
    const source = await openDatabase({});
    const copy = await copyOf(source);
    const started = await openDatabase({ startFrom: copy });
    try {
      await started.db.insert(courses).values({ title: 'Only In The Copy', description: '' });
      expect(await countRows(started.db, courses)).toBe(1);
      expect(await countRows(source.db, courses)).toBe(0);
    } finally {
      await started.close();
      await source.close();
    }
  });
});
