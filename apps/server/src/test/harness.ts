import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Course, Role, Student } from '@valence/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { resources } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { hashPassword } from '../lib/passwords.js';
import { insertAccount } from '../modules/accounts/repository.js';
import { LocalStorage } from '../storage/local-storage.js';
import type { ObjectStorage } from '../storage/storage.js';

/** Every `login` account's password, so a test can also sign it in through the API. */
export const LOGIN_PASSWORD = 'password123';
let loginHashOnce: Promise<string> | undefined;
const loginHash = () => {
  loginHashOnce ??= hashPassword(LOGIN_PASSWORD);
  return loginHashOnce;
};

/** A signed-in account's bearer header. */
export type AuthHeaders = { authorization: string };
/** An account made by `TestApp.login`. */
export type Login = { id: number; username: string; headers: AuthHeaders };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Answer = LightMyRequestResponse;

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  storage: ObjectStorage;
  dataDir: string;
  /** Creates an account with that role and returns its bearer header. */
  login: (role: Role, username?: string) => Promise<Login>;
  /** POST /signin, from that client address (app.inject's own when not given). */
  signin: (username: string, password: string, remoteAddress?: string) => Promise<Answer>;
  /** One request through `app.inject` (the full path, `/api/...`); the payload, when given, as JSON. */
  call: (method: Method, url: string, headers?: InjectOptions['headers'], payload?: string | object) => Promise<Answer>;
  /** Adds a course through the API as that (staff) account, expecting 201. */
  createCourse: (headers: AuthHeaders, title?: string, description?: string) => Promise<Course>;
  /** Signs a student up through the API as that (staff) account, expecting 201. */
  createStudent: (headers: AuthHeaders, username: string) => Promise<Student>;
  /** A file put straight into storage and its resource row into the table (no upload); answers the row. */
  storeResource: (
    courseId: number,
    file: { key: string; name: string; type: string; bytes: Buffer },
  ) => Promise<typeof resources.$inferSelect>;
  close: () => Promise<void>;
};

/** The API's error answer: that status and `{ message }`, the whole text or one matching a RegExp. */
export function expectMessage(answer: Answer, status: number, message: string | RegExp) {
  expect(answer.statusCode).toBe(status);
  expect(answer.json()).toEqual({ message: typeof message === 'string' ? message : expect.stringMatching(message) });
}

/** The API's error answer: that status and a message containing every one of `parts`. */
export function expectMessageContaining(answer: Answer, status: number, ...parts: string[]) {
  expect(answer.statusCode).toBe(status);
  for (const part of parts) expect(answer.json().message).toContain(part);
}

let templateOnce: Promise<Blob | undefined> | undefined;
/** The migrated store the API tiers' global set-up left (pglite-template.ts), read once per worker. */
export const pgliteTemplate = () => {
  templateOnce ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return templateOnce;
};

/**
 * A fresh database per call: in-memory PGlite (a copy of the migrated template when the run made
 * one), or a new database on the PostgreSQL server at TEST_DATABASE_URL (CI), dropped again on close.
 */
export async function openTestDatabase(
  url = process.env.TEST_DATABASE_URL,
): Promise<Database & { drop: () => Promise<void> }> {
  if (!url) {
    const startFrom = await pgliteTemplate();
    const database = await openDatabase(startFrom ? { startFrom } : {});
    return { ...database, drop: async () => undefined };
  }
  const { name, databaseUrl } = await createTestDatabase(url);
  const database = await openDatabase({ databaseUrl });
  return {
    ...database,
    drop: () => dropTestDatabase(url, name),
  };
}

/** A database of the file's (or describe block's) own: opened before its tests, closed and dropped after. */
export function useTestDatabase(): { readonly db: Database['db'] } {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
    await database?.drop();
  });
  return {
    get db() {
      if (!database) throw new Error('The test database opens in beforeAll: read it inside a test.');
      return database.db;
    },
  };
}

/** An empty database of its own on the PostgreSQL server at `adminUrl`, not yet migrated. */
export async function createTestDatabase(adminUrl: string, prefix = 'valence_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return { name, databaseUrl: target.toString() };
}

/** Drops a database made for a test, once the connections of its closed pools have gone. */
export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  const again = new pg.Client({ connectionString: adminUrl });
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
}

export type TestAppOptions = {
  storage?: ObjectStorage;
  /** Wraps the store the app gets (its own local one, or `storage`), e.g. to watch what is written. */
  wrapStorage?: (storage: ObjectStorage) => ObjectStorage;
  env?: Record<string, string>;
  /** A PostgreSQL server to make the fresh database on, instead of TEST_DATABASE_URL's. */
  databaseUrl?: string;
  /** What time it is for the app's rules (default the system clock); a test moves it to cross a deadline. */
  clock?: Clock;
};

/** Expects that status (showing the body when it differs) and answers the body's JSON. */
export function expectStatus<T = unknown>(answer: Answer, status: number): T {
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json() as T;
}

/**
 * The test file's app, started before its first test and closed after its last. What it answers
 * stands in for the app from the start, so the file's helpers can close over it; touched before the
 * app has started (outside a test or hook), it throws.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('The test app starts in beforeAll: use it inside a test or a hook.');
      return Reflect.get(current, key);
    },
  });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'valence-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const secret = randomBytes(32).toString('hex');
  const database = await openTestDatabase(options.databaseUrl);
  const store = options.storage ?? new LocalStorage(path.join(dataDir, 'files'), secret, `${config.apiPrefix}/files`);
  const storage = options.wrapStorage?.(store) ?? store;
  const app = await buildApp({
    config,
    database,
    storage,
    secret,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  let counter = 0;
  const call: TestApp['call'] = (method, url, headers, payload) =>
    app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload }) });
  const signin: TestApp['signin'] = (username, password, remoteAddress) =>
    app.inject({
      method: 'POST',
      url: `${config.apiPrefix}/signin`,
      payload: { username, password },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const created = async <T>(answer: Promise<Answer>) => expectStatus<T>(await answer, 201);
  return {
    app,
    database,
    storage,
    dataDir,
    call,
    signin,
    createCourse: (headers, title = 'Organic Chemistry', description = 'A/L chemistry') =>
      created<Course>(call('POST', `${config.apiPrefix}/courses`, headers, { title, description })),
    createStudent: (headers, username) =>
      created<Student>(
        call('POST', `${config.apiPrefix}/students/signup`, headers, { username, password: 'student-pw' }),
      ),
    async login(role, username) {
      counter += 1;
      const name = username ?? `${role.replace('ROLE_', '').toLowerCase()}${counter}`;
      // The account and its token as a sign-in leaves them, without two password hashes per account
      // (the permission matrix alone makes 186): sign-in itself is tested through `signin`.
      const account = await insertAccount(database.db, { username: name, passwordHash: await loginHash(), role });
      if (role === 'ROLE_STUDENT') await app.accounts.setLoggedIn(account.id, true);
      const token = await app.tokens.sign(account);
      return { id: account.id, username: name, headers: { authorization: `Bearer ${token}` } };
    },
    async storeResource(courseId, { key, name, type, bytes }) {
      await storage.put(key, Readable.from(bytes));
      const values = { courseId, name, type, url: key, objectKey: key, liveAt: new Date(), recordingAt: new Date() };
      const [row] = await database.db.insert(resources).values(values).returning();
      return row as typeof resources.$inferSelect;
    },
    async close() {
      await app.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
