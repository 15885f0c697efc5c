import { fork } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { nameStatements } from './named-statements.js';
import { nameStatementsPglite } from './pglite-named-statements.js';
import { durableStartParams, PrivateNodeFS } from './private-node-fs.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onMessage` with each payload NOTIFY sends on `channel` (after the sender's commit). When
   * notifications may have stopped coming (the database restarted, the connection broke), calls
   * `onLost`, keeps trying to listen again, and calls `onRegained` once it does: what was sent in
   * between was not heard. Resolves, once listening, to `stop`.
   */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onLost: (error: Error) => void,
    onRegained?: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /**
   * The embedded database only: a consistent physical copy of its files as a tar stream, taken
   * between transactions (what a backup dumps from while the server goes on serving).
   */
  snapshot?: () => Promise<Readable>;
  /**
   * Where the job queue (pg-boss, `queue/`) runs: PostgreSQL's address, for a small pool of its own;
   * or, on the embedded database, pg-boss's `db` adapter over this one client (one process owns it).
   */
  queue?: { databaseUrl: string } | { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };
};

/**
 * How long a request waits for a connection (a new one, or its turn at the pool's) before it is
 * answered 503: PostgreSQL refuses connections at once while it is down, but a failover or a network
 * fault can leave them hanging. Under load the wait for a turn stays well below this (bench:exam-day,
 * 2,000 students opening their exam together: exam-list p99 under 0.7 s).
 */
const CONNECT_TIMEOUT_MS = 5000;

/** Waits between attempts to listen again: a restart takes seconds, so short at first, then every 2 s. */
const LISTEN_RETRY_MS = [100, 250, 500, 1000, 2000];

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool and hears nothing), opened
 * again whenever it is lost.
 */
async function listenPg(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (error: Error) => void,
  onRegained: () => void,
) {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  /** A listening connection; `onGone` once if it fails or closes after it began to listen. */
  const open = async (onGone: (error: Error) => void) => {
    // Keep-alive probes find a connection whose peer vanished without closing it (a failover).
    const client = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    current = client;
    let listening = false;
    let gone = false;
    // Listened to from the start and never removed: an 'error' event without a listener ends the process.
    const fail = (error: Error) => {
      if (gone) return;
      gone = true;
      void client.end().catch(() => undefined);
      if (listening && !stopped) onGone(error);
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('The notification connection closed.')));
    client.on('notification', (message) => {
      if (!gone && message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      fail(error as Error);
      throw error;
    }
    if (gone) throw new Error('The notification connection closed while it began to listen.');
    listening = true;
  };

  const lost = (error: Error) => {
    onLost(error);
    again(0);
  };
  const again = (attempt: number) => {
    const wait = LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)];
    retry = setTimeout(async () => {
      retry = undefined;
      if (stopped) return;
      try {
        await open(lost);
      } catch {
        if (!stopped) again(attempt + 1);
        return;
      }
      if (stopped) await current?.end().catch(() => undefined);
      else onRegained();
    }, wait);
  };

  await open(lost);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

/** src/db and dist/db both sit two levels below the package, beside drizzle/. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** An arbitrary fixed key: replicas starting together take turns migrating. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * PostgreSQL runs a connection's statements one at a time on one core: a few connections per core
 * of the database keep it busy, more only make its processes take turns (on the 2-core benchmark
 * machine, 10 connections answered a quarter slower than 4). Requests beyond them wait in the pool.
 */
const DEFAULT_POOL_SIZE = 4;

/** The embedded database's options; `dataDir` unset keeps it in memory. */
export function pgliteOptions(dataDir?: string): PGliteOptions & { extensions: { pg_trgm: typeof pg_trgm } } {
  // The embedded database serves one machine's staff: small buffers keep the process lean
  // (PostgreSQL's default 128 MB shared_buffers is most of PGlite's resident memory).
  const postgresqlconf = ['shared_buffers=16MB'];
  // pg_trgm: the index behind case-insensitive "contains" searches (PostgreSQL ships it in contrib).
  const extensions = { pg_trgm };
  if (!dataDir) return { postgresqlconf, extensions };
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    extensions,
    fs: new PrivateNodeFS(dir),
    // Acknowledged writes survive a power cut: fsync on, through a sync method that reaches the disk.
    postgresqlconf: [...postgresqlconf, 'wal_sync_method=fsync'],
    startParams: durableStartParams(PGlite.defaultStartParams),
  };
}

/**
 * The embedded database, opened and brought up to the latest migration. `startFrom` (in memory only):
 * a copy of a store's files to start from, so that only the migrations it lacks run.
 */
export async function migratedPglite(
  dataDir: string | undefined,
  migrationsFolder: string,
  startFrom?: Blob,
): Promise<PGlite> {
  const client = new PGlite({
    ...pgliteOptions(dataDir),
    ...(startFrom && !dataDir ? { loadDataDir: startFrom } : {}),
  });
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  } catch (error) {
    // Closed, so the folder's lock holder can go on (or a test can reopen it) after the error.
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

/**
 * Creating an embedded store grows the engine's WebAssembly memory to about twice what serving
 * needs, and that memory is never given back: a new store is created and migrated by a short-lived
 * child process (create-store.ts), and this process opens the finished store (about 250 MB instead of
 * 440). Run from the TypeScript sources, as the tests do, there is no compiled script to start and
 * the store is created in this process. Answers what the child reported (`withSuperadmin`: the outcome
 * of the first start's superadmin step), or undefined when no child ran.
 */
async function createStoreApart(dataDir: string, migrationsFolder: string, withSuperadmin: boolean): Promise<unknown> {
  const script = fileURLToPath(new URL('./create-store.js', import.meta.url));
  if (!existsSync(script)) return undefined;
  return new Promise<unknown>((resolve, reject) => {
    const args = [dataDir, migrationsFolder, ...(withSuperadmin ? ['--with-superadmin'] : [])];
    const child = fork(script, args, { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    let errors = '';
    let report: unknown;
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('message', (message) => {
      report = message;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve(report)
        : reject(new Error(`Creating the embedded database failed (${signal ?? `exit ${code}`}): ${errors.trim()}`)),
    );
  });
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number | undefined;
  /** Tests point this at a copy with a migration of their own. */
  migrationsFolder?: string;
  /**
   * A new embedded store is created with the first superadmin in it (the server's first start), by
   * the short-lived process that creates it; what that step did is the answer's `createdWith`.
   */
  withSuperadmin?: boolean;
  /**
   * An in-memory store starts as a copy of these files (`dumpDataDir` of a migrated store): the test
   * suite's fresh database per file costs a copy instead of a new cluster and every migration.
   */
  startFrom?: Blob;
}): Promise<Database & { createdWith?: unknown }> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A connection PostgreSQL ends (a restart, a failover, an idle-connection reaper) emits 'error',
    // which ends the process when nobody listens. The pool drops an idle one itself and reports it
    // here; one a request holds fails that request's statement (answered 503) and is dropped when
    // released. The next request gets a new connection once the database answers again.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    nameStatements(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // A start that fails here must not leave its connections open behind the error it reports.
    const client = await pool.connect().catch(async (error: unknown) => {
      await pool.end().catch(() => undefined);
      throw error;
    });
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } catch (error) {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
      await pool.end().catch(() => undefined);
      throw error;
    }
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
    const { databaseUrl } = options;
    return {
      db,
      kind: 'postgres',
      listen: (channel, onMessage, onLost, onRegained = () => undefined) =>
        listenPg(databaseUrl, channel, onMessage, onLost, onRegained),
      close: () => pool.end(),
      queue: { databaseUrl },
    };
  }
  let createdWith: unknown;
  if (options.dataDir !== undefined && !existsSync(path.join(options.dataDir, 'pglite', 'PG_VERSION'))) {
    createdWith = await createStoreApart(options.dataDir, migrationsFolder, options.withSuperadmin === true);
  }
  const client = await migratedPglite(options.dataDir, migrationsFolder, options.startFrom);
  nameStatementsPglite(client);
  const pgliteDb = drizzlePglite(client, { schema });
  await pgliteDb.execute(sql`select 1`);
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    createdWith,
    // One process owns the embedded database: its notifications cannot be lost on the way.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
    queue: {
      // pg-boss sends its schema's install and upgrades as one text of several statements without
      // parameters (only `exec` runs those); everything else is one parameterised statement.
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    snapshot: async () => {
      // Flushed first so the copy needs little replay; copied inside a transaction of our own so
      // that no other transaction is open (PGlite runs one at a time) while the files are read.
      await client.exec('CHECKPOINT');
      const tar = await client.transaction(() => client.dumpDataDir('none'));
      return Readable.fromWeb(tar.stream() as import('node:stream/web').ReadableStream);
    },
  };
}
