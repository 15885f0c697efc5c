import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { StoredRendition } from '../db/schema.js';
import { renditionKeys } from '../modules/streaming/keys.js';
import { backupLeaseDir, backupRunning } from '../storage/backup-lease.js';
import type { ObjectStorage } from '../storage/storage.js';
import type { OpsCommand } from './ops-command.js';

export const SWEEP_FILES_USAGE = 'npm run cli -- sweep-files [--apply] [--min-age-minutes N]';

/**
 * Every column that holds a storage key. A read across modules on purpose: only the whole list of
 * keys tells which stored objects nothing points at. A new column that holds a key belongs here.
 */
const KEY_COLUMNS = sql`
  select object_key as key from resources where object_key is not null
  union all select paper_key from exams where paper_key is not null
  union all select answer_key from submissions where answer_key is not null
  union all select marked_paper_key from submissions where marked_paper_key is not null
  union all select image_key from mcq_questions where image_key is not null
  union all select logo_key from institute_settings where logo_key is not null`;

/**
 * A course's report zip is named by its job's result on the queue (schema `pgboss`, which the queue
 * makes at a server's first start, so a store may not have it yet).
 */
const QUEUED_KEYS = sql`
  select output->'result'->>'fileKey' as key from pgboss.job
  where name = 'reports.course-packs' and output->'result'->>'fileKey' is not null`;
const HAS_QUEUE = sql`select to_regclass('pgboss.job') is not null as present`;

/**
 * The keys, plus a lecture's streaming versions (many files under one prefix: the row names the
 * prefix and the counts) and where transcodes under way are writing (nothing there is an orphan
 * yet). One statement, so the sweep reads the keys once before listing and once before removing.
 */
const REFERENCES = sql`
  select key, null::jsonb as renditions, false as writing from (${KEY_COLUMNS}) as keys
  union all select prefix, renditions, false from video_streams where prefix is not null
  union all select work_prefix, null, true from video_streams where work_prefix is not null`;

type Reference = { key: string; renditions: StoredRendition[] | null; writing: boolean };

async function references(db: Db): Promise<{ keys: Set<string>; writing: string[] }> {
  const rows = rowsOf<Reference>(await db.execute(REFERENCES));
  const keys = new Set<string>();
  const writing: string[] = [];
  for (const row of rows) {
    if (row.writing) writing.push(`${row.key}/`);
    else if (row.renditions) for (const key of renditionKeys(row.key, row.renditions)) keys.add(key);
    else keys.add(row.key);
  }
  if (rowsOf<{ present: boolean }>(await db.execute(HAS_QUEUE))[0]?.present) {
    for (const row of rowsOf<{ key: string }>(await db.execute(QUEUED_KEYS))) keys.add(row.key);
  }
  return { keys, writing };
}

export async function referencedKeys(db: Db): Promise<Set<string>> {
  return (await references(db)).keys;
}

export type Orphan = { key: string; size: number; modifiedAt: Date };

/**
 * Stored objects that no row points at and that were last changed before `minAgeMinutes` ago: an
 * upload in progress (or whose row is being written) is younger and is never taken for an orphan.
 */
export async function findOrphans(db: Db, storage: ObjectStorage, minAgeMinutes: number): Promise<Orphan[]> {
  const cutoff = Date.now() - minAgeMinutes * 60_000;
  const orphans: Orphan[] = [];
  // Listed first, keys read after: an object whose row commits in between is then seen as referenced.
  const listed: Orphan[] = [];
  for await (const object of storage.list()) if (object.modifiedAt.getTime() < cutoff) listed.push(object);
  const { keys, writing } = await references(db);
  for (const object of listed) {
    if (!keys.has(object.key) && !writing.some((prefix) => object.key.startsWith(prefix))) orphans.push(object);
  }
  return orphans;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const sweepFilesCommand: OpsCommand = {
  name: 'sweep-files',
  invocation: 'npm run cli -- sweep-files',
  async run(ctx, argv, io) {
    const { database, storage } = ctx;
    let values: { apply?: boolean; 'min-age-minutes'?: string };
    try {
      ({ values } = parseArgs({
        args: argv,
        options: { apply: { type: 'boolean' }, 'min-age-minutes': { type: 'string' } },
      }));
    } catch (error) {
      io.err(`${(error as Error).message}\nUsage: ${SWEEP_FILES_USAGE}`);
      return 2;
    }
    const minAge = Number(values['min-age-minutes'] ?? 60);
    if (!Number.isFinite(minAge) || minAge < 0) {
      io.err(`--min-age-minutes must be a number of minutes, 0 or more.\nUsage: ${SWEEP_FILES_USAGE}`);
      return 2;
    }
    const orphans = await findOrphans(database.db, storage, minAge);
    const total = orphans.reduce((sum, orphan) => sum + orphan.size, 0);
    for (const orphan of orphans)
      io.out(`  ${orphan.key}  ${megabytes(orphan.size)}  ${orphan.modifiedAt.toISOString()}`);
    if (orphans.length === 0) {
      io.out(`No stored file without a row (files changed in the last ${minAge} minute(s) are left alone).`);
      return 0;
    }
    if (!values.apply) {
      io.out(
        `${orphans.length} stored file(s), ${megabytes(total)}, with no row pointing at them. Nothing removed: run again with --apply to remove them.`,
      );
      return 0;
    }
    // A running backup's snapshot may name a file that is an orphan now; this process may end
    // before the backup does, so it does not hold the removals for later as the server does.
    if (storage.kind === 'local' && (await backupRunning(backupLeaseDir(ctx.config.dataDir)))) {
      io.err('A backup is running: nothing removed. Run the sweep again once it has finished.');
      return 1;
    }
    // Checked once more just before removing: a row may have come to point at one meanwhile.
    const keys = await referencedKeys(database.db);
    let removed = 0;
    let removedBytes = 0;
    for (const orphan of orphans) {
      if (keys.has(orphan.key)) continue;
      await storage.delete(orphan.key);
      removed += 1;
      removedBytes += orphan.size;
    }
    const kept = orphans.length - removed;
    io.out(
      `Removed ${removed} stored file(s), ${megabytes(removedBytes)}.${kept ? ` ${kept} kept: a row came to point at them meanwhile.` : ''}`,
    );
    return 0;
  },
};
