import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { LocalStorage } from '../storage/local-storage.js';
import type { ObjectStorage } from '../storage/storage.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  storage: ObjectStorage;
  dataDir: string;
  /** Creates an account with that role and returns its bearer header. */
  login: (
    role: Role,
    username?: string,
  ) => Promise<{ id: number; username: string; headers: { authorization: string } }>;
  close: () => Promise<void>;
};

/**
 * A fresh database per call: in-memory PGlite, or a new database on the PostgreSQL server at
 * TEST_DATABASE_URL (CI), dropped again on close.
 */
export async function openTestDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { ...database, drop: async () => undefined };
  }
  const name = `valence_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    ...database,
    drop: async () => {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      // pool.end() resolves before its sockets have closed; terminating a closing connection (FORCE)
      // makes it emit an error nobody listens to any more. Wait for them to go first.
      for (let i = 0; i < 50; i++) {
        const open = await again.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export async function createTestApp(
  options: { storage?: ObjectStorage; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'valence-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const secret = randomBytes(32).toString('hex');
  const database = await openTestDatabase();
  const storage = options.storage ?? new LocalStorage(path.join(dataDir, 'files'), secret, `${config.apiPrefix}/files`);
  const app = await buildApp({ config, database, storage, secret, logger: false });
  await app.ready();
  let counter = 0;
  return {
    app,
    database,
    storage,
    dataDir,
    async login(role, username) {
      counter += 1;
      const name = username ?? `${role.replace('ROLE_', '').toLowerCase()}${counter}`;
      const password = 'password123';
      const account = await app.accounts.create({ username: name, password, role });
      const response = await app.inject({
        method: 'POST',
        url: `${config.apiPrefix}/signin`,
        payload: { username: name, password },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return { id: account.id, username: name, headers: { authorization: `Bearer ${response.json().jwtToken}` } };
    },
    async close() {
      await app.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
