import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import tar from 'tar-stream';
import { type Config, loadConfig } from '../config.js';
import { type Db, openDatabase, pgliteOptions } from '../db/client.js';
import { createStorage, loadSecret, prepareDataDir } from '../runtime.js';
import type { ObjectStorage } from '../storage/storage.js';
import {
  BACKUP_FORMAT,
  type BackupHeader,
  type BackupManifest,
  DATABASE_ENTRY,
  FILES_PREFIX,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
} from './backup-format.js';
import { DataDirBusy, describeHolder, lockDataDir } from './data-dir-lock.js';
import { OpsRefused } from './ops-command.js';
import { batches, replayableStatements } from './sql-script.js';
import { referencedKeys } from './sweep-files.js';

export const RESTORE_USAGE = 'npm run restore -- FILE [--force]';

/** A connection that replays SQL: PGlite in this process, or one PostgreSQL connection. */
type Target = {
  exec: (sql: string) => Promise<void>;
  query: <T>(sql: string) => Promise<T[]>;
  close: () => Promise<void>;
};

/**
 * `npm run restore -- FILE`: a backup into an empty DATA_DIR, or an empty PostgreSQL database when
 * DATABASE_URL is set (how a store moves from the embedded database to PostgreSQL). A target that
 * holds data is refused unless --force, which empties it first. The database is replayed in one
 * transaction, then migrated to this release, and every session is ended.
 */
export async function restoreCommand(argv: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new OpsRefused(`${(error as Error).message}\nUsage: ${RESTORE_USAGE}`);
  }
  if (parsed.values.help) {
    console.log(`Usage: ${RESTORE_USAGE}`);
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length) throw new OpsRefused(`Name one backup file.\nUsage: ${RESTORE_USAGE}`);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new OpsRefused(`${source} does not exist.`);
  const force = parsed.values.force ?? false;

  const config = loadConfig(options.env ?? process.env);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  let release: () => void = () => undefined;
  try {
    // Restored files land in DATA_DIR/files: as private as the server keeps its uploads.
    prepareDataDir(config);
    if (!config.databaseUrl) {
      try {
        const lock = lockDataDir(config.dataDir, 'npm run restore');
        release = () => lock.release();
      } catch (error) {
        if (error instanceof DataDirBusy) {
          throw new OpsRefused(
            `${config.dataDir} is in use by ${describeHolder(error.holder)}. Stop it first: a restore replaces the whole database.`,
          );
        }
        throw error;
      }
      await prepareEmbeddedTarget(config, force);
    } else {
      await preparePostgresTarget(config.databaseUrl, force);
    }
    const storage = await createStorage(config, loadSecret(config));
    const restored = await replay(source, config, storage, elapsed).catch((error: unknown) => {
      if (error instanceof OpsRefused) throw error;
      // What the tar reader or gunzip says ("Unexpected end of data") means nothing to the user.
      throw new OpsRefused(`${source} is not a Valence backup, or it is damaged: ${(error as Error).message}.`);
    });
    console.log(`Migrating to this release and ending every session (${elapsed()})…`);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    let missing: string[];
    try {
      // Tokens signed before the restore must not come back to life with the sessions they had.
      await database.db.execute('update accounts set session_version = session_version + 1');
      missing = await checkNamedFiles(database.db, storage);
    } finally {
      await database.close();
    }
    console.log(
      `Restored ${restored.rows.toLocaleString('en-US')} rows in ${restored.tables} tables and ${restored.files} files into ${
        config.databaseUrl ? 'PostgreSQL' : config.dataDir
      } (${elapsed()}). Everyone signs in again.`,
    );
    if (missing.length === 0) return 0;
    console.error(
      `Warning: ${missing.length} file(s) the database names are missing (listed above): their links will answer 404.`,
    );
    return 1;
  } finally {
    release();
  }
}

/** Names printed when files are missing; the rest are counted. */
const MISSING_SHOWN = 50;

/**
 * Every file a restored row names must be in the store (the restored files, or the S3 bucket as it
 * is now): answers the keys that are not, after saying what it found.
 */
async function checkNamedFiles(db: Db, storage: ObjectStorage): Promise<string[]> {
  const named = await referencedKeys(db);
  const present = new Set<string>();
  for await (const object of storage.list()) present.add(object.key);
  const missing = [...named].filter((key) => !present.has(key)).sort();
  const where = storage.kind === 's3' ? 'in the bucket' : 'present';
  if (missing.length === 0) {
    console.log(`All ${named.size} files the database names are ${where}.`);
    return missing;
  }
  console.error(`${missing.length} of the ${named.size} files the database names are missing:`);
  for (const key of missing.slice(0, MISSING_SHOWN)) console.error(`  ${key}`);
  if (missing.length > MISSING_SHOWN) console.error(`  … and ${missing.length - MISSING_SHOWN} more`);
  if (storage.kind === 's3')
    console.error('Restore the bucket from its own backup (or bring back these objects) to serve them.');
  return missing;
}

function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

async function prepareEmbeddedTarget(config: Config, force: boolean) {
  const database = path.join(config.dataDir, 'pglite');
  const files = path.join(config.dataDir, 'files');
  if (isEmptyFolder(database) && isEmptyFolder(files)) return;
  if (!force) {
    throw new OpsRefused(
      `${config.dataDir} already holds a database or files. Restore into an empty DATA_DIR, or add --force to replace what is there.`,
    );
  }
  console.log(`--force: removing the database and files in ${config.dataDir}…`);
  await rm(database, { recursive: true, force: true });
  await rm(files, { recursive: true, force: true });
}

async function preparePostgresTarget(databaseUrl: string, force: boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query(
      // pgboss: the job queue's schema (queue/job-queue.ts), restored with the rest.
      `select 1 from information_schema.tables where table_schema in ('public', 'drizzle', 'pgboss') limit 1`,
    );
    if (tables.rowCount === 0) return;
    if (!force) {
      throw new OpsRefused(
        'The PostgreSQL database already has tables. Restore into an empty database (createdb NAME), or add --force to replace what is there.',
      );
    }
    console.log('--force: dropping the schemas public, drizzle and pgboss…');
    await client.query(
      'drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public',
    );
  } finally {
    await client.end();
  }
}

async function openTarget(config: Config): Promise<Target> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    return {
      exec: async (sql) => {
        await client.query(sql);
      },
      query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
      close: () => client.end(),
    };
  }
  const db = new PGlite(pgliteOptions(config.dataDir));
  await db.waitReady;
  return {
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async <T>(sql: string) => (await db.query<T>(sql)).rows,
    close: () => db.close(),
  };
}

/** Reads the backup's entries in order: the database first, then the files, then the manifest. */
async function replay(source: string, config: Config, storage: ObjectStorage, elapsed: () => string) {
  // One connection for the replay and the count check (each PGlite start costs seconds), opened
  // only once the backup's header has been read: a file that is not a backup creates nothing.
  let opened: Promise<Target> | undefined;
  const target = () => {
    opened ??= openTarget(config);
    return opened;
  };
  try {
    return await replayInto(target, source, storage, elapsed);
  } finally {
    if (opened) await (await opened).close();
  }
}

async function replayInto(
  target: () => Promise<Target>,
  source: string,
  storage: ObjectStorage,
  elapsed: () => string,
) {
  const extract = tar.extract();
  createReadStream(source).pipe(extract);
  let header: BackupHeader | undefined;
  let manifest: BackupManifest | undefined;
  let databaseSha256 = '';
  const files = new Map<string, { size: number; sha256: string }>();
  for await (const entry of extract) {
    const name = entry.header.name;
    if (name === HEADER_ENTRY) {
      header = JSON.parse((await readAll(entry)).toString('utf8')) as BackupHeader;
      if (header.format !== BACKUP_FORMAT || header.version !== 1) {
        throw new OpsRefused(`${source} is not a Valence backup this release can read.`);
      }
    } else if (name === DATABASE_ENTRY) {
      if (!header) throw new OpsRefused(`${source} is not a Valence backup (no header first).`);
      const gzipped = await readAll(entry);
      databaseSha256 = createHash('sha256').update(gzipped).digest('hex');
      console.log(`Replaying the database (${(gzipped.length / 1024 / 1024).toFixed(1)} MB compressed)…`);
      await replayDatabase(await target(), gunzipSync(gzipped).toString('utf8'));
      console.log(`  done (${elapsed()})`);
    } else if (name.startsWith(FILES_PREFIX)) {
      const key = name.slice(FILES_PREFIX.length);
      const hash = createHash('sha256');
      // Hashed on the way through, not by a 'data' listener: one would start the bytes flowing
      // before storage.put reads them, and the file would be stored empty while its checksum held.
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      entry.once('error', (error) => tap.destroy(error));
      entry.pipe(tap);
      await storage.put(key, tap);
      files.set(key, { size: entry.header.size ?? 0, sha256: hash.digest('hex') });
      if (files.size % 100 === 0) console.log(`  files ${files.size} (${elapsed()})`);
    } else if (name === MANIFEST_ENTRY) {
      manifest = JSON.parse((await readAll(entry)).toString('utf8')) as BackupManifest;
    } else {
      entry.resume();
    }
  }
  if (!header || !manifest || !databaseSha256)
    throw new OpsRefused(`${source} is incomplete: it ends before its manifest.`);
  if (manifest.databaseSha256 !== databaseSha256)
    throw new OpsRefused(`${source} is damaged: the database does not match its checksum.`);
  for (const file of manifest.files) {
    if (file.sha256 === null) continue;
    const got = files.get(file.key);
    if (!got || got.sha256 !== file.sha256)
      throw new OpsRefused(`${source} is damaged: ${file.key} does not match its checksum.`);
  }
  if (manifest.note) console.log(manifest.note);
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  await checkCounts(await target(), manifest.tables);
  return { rows, tables: Object.keys(manifest.tables).length, files: files.size };
}

/** Replays the dump in one transaction: a failure leaves the target as empty as it was. */
async function replayDatabase(target: Target, script: string): Promise<void> {
  const known = new Set((await target.query<{ name: string }>('select name from pg_settings')).map((row) => row.name));
  const statements = replayableStatements(script, known);
  await target.exec('begin');
  try {
    for (const batch of batches(statements)) await target.exec(batch);
    await target.exec('commit');
  } catch (error) {
    await target.exec('rollback').catch(() => undefined);
    throw new OpsRefused(`The database could not be replayed; nothing was restored: ${(error as Error).message}`);
  }
}

/** Every table holds as many rows as the backup counted when it was made. */
async function checkCounts(target: Target, expected: Record<string, number>) {
  for (const [name, count] of Object.entries(expected)) {
    const [schema, table] = name.split('.');
    const [row] = await target.query<{ count: number }>(`select count(*)::int as count from "${schema}"."${table}"`);
    if (row?.count !== count) {
      throw new OpsRefused(`After the restore ${name} holds ${row?.count} rows where the backup counted ${count}.`);
    }
  }
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
