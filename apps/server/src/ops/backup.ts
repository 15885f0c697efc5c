import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs, promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import tar from 'tar-stream';
import { type Config, loadConfig } from '../config.js';
import { pgliteOptions } from '../db/client.js';
import { createStorage, loadSecret, prepareDataDir } from '../runtime.js';
import { type BackupLease, backupLeaseDir, takeBackupLease } from '../storage/backup-lease.js';
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
import { fetchDatabaseSnapshot } from './control-socket.js';
import { DataDirBusy, describeHolder, lockDataDir } from './data-dir-lock.js';
import { OpsRefused } from './ops-command.js';

export const BACKUP_USAGE = 'npm run backup -- --out FILE';

/** The options every logical dump is taken with: plain SQL that any PostgreSQL (or PGlite) replays. */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=500'];

type Dumped = { sqlFile: string; tables: Record<string, number> };

/**
 * The dump waits beside --out, where this process's umask may leave it readable by others (on
 * PostgreSQL no DATA_DIR is prepared): it holds every password hash, so only its owner may read it.
 */
const PRIVATE_FILE = { mode: 0o600 };

export type BackupOptions = {
  /** The settings to read instead of the process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Called once the database is dumped and before any file is copied (tests change files there). */
  afterSnapshot?: () => Promise<void>;
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run backup -- --out FILE`: one tar file with a logical SQL dump of the database and every
 * stored file, written under a temporary name and renamed only once whole. It runs beside a serving
 * server: on PostgreSQL through pg_dump's own snapshot, on the embedded database from a snapshot the
 * server hands over its control socket (the server pauses only while that copy is taken).
 */
export async function backupCommand(argv: string[], options: BackupOptions = {}): Promise<number> {
  let values: { out?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    throw new OpsRefused(`${(error as Error).message}\nUsage: ${BACKUP_USAGE}`);
  }
  if (values.help) {
    console.log(`Usage: ${BACKUP_USAGE}`);
    return 0;
  }
  if (!values.out) throw new OpsRefused(`Say where to write the backup.\nUsage: ${BACKUP_USAGE}`);
  const out = path.resolve(values.out);
  if (existsSync(out))
    throw new OpsRefused(`${out} already exists: choose another name (a backup never overwrites one).`);
  if (!existsSync(path.dirname(out))) throw new OpsRefused(`The folder ${path.dirname(out)} does not exist.`);

  const config = loadConfig(options.env ?? process.env);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const partial = `${out}.partial-${process.pid}`;
  const sqlFile = `${out}.sql-${process.pid}.tmp`;
  let release: () => void = () => undefined;
  let lease: BackupLease | undefined;
  try {
    // Taken before the snapshot: from here until the last file is copied no stored file is
    // deleted, so every file the snapshot names is still there to copy. S3: see the docs.
    if (!config.s3) lease = await takeBackupLease(backupLeaseDir(config.dataDir));
    let dumped: Dumped;
    if (config.databaseUrl) {
      console.log('Dumping the PostgreSQL database…');
      dumped = await dumpPostgres(config.databaseUrl, sqlFile);
    } else {
      prepareDataDir(config);
      const snapshot = await embeddedSnapshot(config);
      release = snapshot.release;
      console.log('Dumping the embedded database…');
      dumped = await dumpPglite(snapshot.db, sqlFile);
      await snapshot.db.close();
    }
    const rows = Object.values(dumped.tables).reduce((sum, count) => sum + count, 0);
    console.log(
      `  ${Object.keys(dumped.tables).length} tables, ${rows.toLocaleString('en-US')} rows, ${mb((await stat(sqlFile)).size)} compressed (${elapsed()})`,
    );
    await options.afterSnapshot?.();
    const storage = await createStorage(config, loadSecret(config));
    await writeArchive(partial, config, storage, dumped, elapsed);
    const handle = await open(partial, 'r');
    await handle.sync();
    await handle.close();
    await rename(partial, out);
    console.log(`Backup written to ${out} (${mb((await stat(out)).size)}, ${elapsed()}).`);
    return 0;
  } finally {
    release();
    await lease?.release();
    await rm(partial, { force: true });
    await rm(sqlFile, { force: true });
  }
}

/**
 * The embedded database to dump from: a copy the running server hands over, or (no server) the
 * folder itself, opened by this process under the folder's lock.
 */
async function embeddedSnapshot(config: Config): Promise<{ db: PGlite; release: () => void }> {
  try {
    const lock = lockDataDir(config.dataDir, 'npm run backup');
    if (lock.tookOverFrom) console.error(`Note: took over the lock left by ${describeHolder(lock.tookOverFrom)}.`);
    const db = new PGlite(pgliteOptions(config.dataDir));
    await db.waitReady;
    return { db, release: () => lock.release() };
  } catch (error) {
    if (!(error instanceof DataDirBusy) || !error.holder.socket) throw error;
    console.log(`The server ${describeHolder(error.holder)} holds ${config.dataDir}: copying the database from it…`);
    const chunks: Buffer[] = [];
    for await (const chunk of await fetchDatabaseSnapshot(error.holder.socket)) chunks.push(chunk as Buffer);
    const { extensions } = pgliteOptions();
    const db = new PGlite({ extensions, loadDataDir: new Blob(chunks) });
    await db.waitReady;
    return { db, release: () => undefined };
  }
}

const COUNT_TABLES = `select table_schema || '.' || table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`;

async function countTables(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const tables: Record<string, number> = {};
  for (const row of (await query(COUNT_TABLES)).rows) {
    const name = String(row.name);
    const [schema, table] = name.split('.');
    const counted = await query(`select count(*)::int as count from "${schema}"."${table}"`);
    tables[name] = Number(counted.rows[0]?.count ?? 0);
  }
  return tables;
}

async function dumpPglite(db: PGlite, sqlFile: string): Promise<Dumped> {
  const tables = await countTables((text) => db.query<Record<string, unknown>>(text));
  const file = await pgDump({ pg: db, args: DUMP_ARGS });
  await pipeline(
    Readable.fromWeb(file.stream() as import('node:stream/web').ReadableStream),
    createGzip(),
    createWriteStream(sqlFile, PRIVATE_FILE),
  );
  return { sqlFile, tables };
}

/**
 * pg_dump of the installed PostgreSQL client, on a snapshot exported by a transaction that also
 * counts the rows, so the counts in the manifest are those of the dump.
 */
async function dumpPostgres(databaseUrl: string, sqlFile: string): Promise<Dumped> {
  try {
    await promisify(execFile)('pg_dump', ['--version']);
  } catch {
    throw new OpsRefused(
      'pg_dump was not found: install the PostgreSQL client of your server version (Debian: apt-get install postgresql-client), then run the backup again.',
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id as string;
    const tables = await countTables((text) => client.query(text));
    const child = spawn('pg_dump', [...DUMP_ARGS, `--snapshot=${snapshot}`, '--dbname', databaseUrl], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exited = new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? 1)));
    await pipeline(child.stdout, createGzip(), createWriteStream(sqlFile, PRIVATE_FILE));
    const code = await exited;
    if (code !== 0) throw new OpsRefused(`pg_dump failed (exit ${code}):\n${stderr.trim()}`);
    await client.query('commit');
    return { sqlFile, tables };
  } finally {
    await client.end();
  }
}

async function writeArchive(
  partial: string,
  config: Config,
  storage: ObjectStorage,
  dumped: Dumped,
  elapsed: () => string,
) {
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
  const addBuffer = (name: string, body: string) =>
    new Promise<void>((resolve, reject) => {
      pack.entry({ name, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve()));
    });
  const addStream = async (name: string, body: Readable, size: number) => {
    const hash = createHash('sha256');
    const entry = pack.entry({ name, size, mode: 0o600 });
    const tap = new PassThrough();
    tap.on('data', (chunk: Buffer) => hash.update(chunk));
    await pipeline(body, tap, entry);
    return hash.digest('hex');
  };

  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'pglite',
    storage: storage.kind,
  };
  await addBuffer(HEADER_ENTRY, JSON.stringify(header, null, 2));
  const sqlSize = (await stat(dumped.sqlFile)).size;
  const databaseSha256 = await addStream(DATABASE_ENTRY, createReadStream(dumped.sqlFile), sqlSize);

  const manifest: BackupManifest = { tables: dumped.tables, databaseSha256, files: [] };
  if (storage.kind === 's3') {
    // The bucket is backed up with the object store's own tools; the backup says which keys it needs.
    for await (const object of storage.list())
      manifest.files.push({ key: object.key, size: object.size, sha256: null });
    manifest.note = 'Files live in the S3 bucket and are not in this backup: back the bucket up with its own tools.';
    console.log(`  ${manifest.files.length} objects in the bucket listed (not copied).`);
  } else {
    const root = path.join(config.dataDir, 'files');
    const objects = [];
    for await (const object of storage.list()) objects.push(object);
    const total = objects.reduce((sum, object) => sum + object.size, 0);
    let done = 0;
    let bytes = 0;
    let shown = Date.now();
    for (const object of objects) {
      // Opened first, its size read from the open file: one deleted meanwhile is skipped, not half-copied.
      const handle = await open(path.join(root, object.key), 'r').catch(() => null);
      if (!handle) continue;
      const size = (await handle.stat()).size;
      const body = size > 0 ? handle.createReadStream({ start: 0, end: size - 1 }) : Readable.from([]);
      if (size === 0) await handle.close();
      const sha256 = await addStream(`${FILES_PREFIX}${object.key}`, body, size);
      manifest.files.push({ key: object.key, size, sha256 });
      done += 1;
      bytes += size;
      if (Date.now() - shown > 2000 || done === objects.length) {
        shown = Date.now();
        console.log(`  files ${done} / ${objects.length}  ${mb(bytes)} / ${mb(total)}  (${elapsed()})`);
      }
    }
  }
  await addBuffer(MANIFEST_ENTRY, JSON.stringify(manifest, null, 2));
  pack.finalize();
  await written;
}
