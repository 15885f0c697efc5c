import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { nameStatements } from './named-statements.js';
import { durableStartParams, PrivateNodeFS } from './private-node-fs.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onMessage` with each payload NOTIFY sends on `channel` (after the sender's commit), and
   * `onLost` once if notifications may have stopped coming. Resolves, once listening, to `stop`.
   */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onLost: (error: Error) => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/** LISTEN on a connection of its own (a pooled one goes back to the pool and hears nothing). */
async function listenPg(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (error: Error) => void,
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopping = false;
  const lost = (error: Error) => {
    if (!stopping) onLost(error);
    stopping = true;
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('The notification connection closed.')));
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  await client.connect();
  await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  return async () => {
    stopping = true;
    await client.end().catch(() => undefined);
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

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    nameStatements(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    const { databaseUrl } = options;
    return {
      db,
      kind: 'postgres',
      listen: (channel, onMessage, onLost) => listenPg(databaseUrl, channel, onMessage, onLost),
      close: () => pool.end(),
    };
  }
  // The embedded database serves one machine's staff: small buffers keep the process lean
  // (PostgreSQL's default 128 MB shared_buffers is most of PGlite's resident memory).
  const postgresqlconf = ['shared_buffers=16MB'];
  // pg_trgm: the index behind case-insensitive "contains" searches (PostgreSQL ships it in contrib).
  const extensions = { pg_trgm };
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    client = new PGlite({
      extensions,
      fs: new PrivateNodeFS(dir),
      // Acknowledged writes survive a power cut: fsync on, through a sync method that reaches the disk.
      postgresqlconf: [...postgresqlconf, 'wal_sync_method=fsync'],
      startParams: durableStartParams(PGlite.defaultStartParams),
    });
  } else {
    // In memory (tests): nothing to make durable.
    client = new PGlite({ postgresqlconf, extensions });
  }
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  await pgliteDb.execute(sql`select 1`);
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    // One process owns the embedded database: its notifications cannot be lost on the way.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}
