import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { ensureSuperadmin } from './bootstrap.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { countByRole } from './modules/accounts/repository.js';
import { createStorage, loadSecret } from './runtime.js';
import { createTestApp, openTestDatabase, type TestApp } from './test/harness.js';

const silentLog = { info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;

describe('embedded store in DATA_DIR', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'valence-restart-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps accounts, courses and the signing secret across a restart', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-pw-1',
    });
    const start = async () => {
      const secret = loadSecret(config);
      const database = await openDatabase({ dataDir: config.dataDir });
      const app = await buildApp({
        config,
        database,
        storage: await createStorage(config, secret),
        secret,
        logger: false,
      });
      await ensureSuperadmin(database.db, config, silentLog);
      return { app, database };
    };

    const first = await start();
    const signin = await first.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { username: 'owner', password: 'owner-pw-1' },
    });
    const headers = { authorization: `Bearer ${signin.json().jwtToken}` };
    await first.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers,
      payload: { title: 'Kept', description: 'across restarts' },
    });
    await first.app.close();
    await first.database.close();

    const second = await start();
    // The old token still works: same secret from DATA_DIR, same session version in the database.
    const courses = await second.app.inject({ method: 'GET', url: '/api/courses', headers });
    expect(courses.statusCode).toBe(200);
    expect(courses.json().map((c: { title: string }) => c.title)).toEqual(['Kept']);
    expect(await countByRole(second.database.db, 'ROLE_SUPERADMIN')).toBe(1);
    await second.app.close();
    await second.database.close();
  });
});

describe('first start', () => {
  it('creates one superadmin from ADMIN_USERNAME/ADMIN_PASSWORD, once', async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ ADMIN_USERNAME: 'founder', ADMIN_PASSWORD: 'founder-pw' });
    await ensureSuperadmin(database.db, config, silentLog);
    await ensureSuperadmin(database.db, config, silentLog);
    expect(await countByRole(database.db, 'ROLE_SUPERADMIN')).toBe(1);
    await database.close();
    await database.drop();
  });

  it('prints a generated password once when none is configured', async () => {
    const database = await openTestDatabase();
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await ensureSuperadmin(database.db, loadConfig({}), silentLog);
    const printed = write.mock.calls.map((call) => String(call[0])).join('');
    write.mockRestore();
    expect(printed).toMatch(/created superadmin 'admin' with password: \S{16,}/);
    await database.close();
    await database.drop();
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'valence-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves assets, falls back to index.html for portal paths, and keeps API 404s as JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    for (const url of ['/', '/dashboard', '/courses/12', '/exams/3/submissions?x=1']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/Not found/);
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
  });

  it('sets security headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('API prefix', () => {
  it('serves the same calls under another prefix', async () => {
    const t = await createTestApp({ env: { API_PREFIX: '/v2' } });
    const health = await t.app.inject({ method: 'GET', url: '/v2/health' });
    expect(health.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v2/courses' })).statusCode).toBe(401);
    await t.close();
  });
  it('tells the portal the platform time zone and upload limit', async () => {
    const t = await createTestApp({ env: { TIME_ZONE: 'Europe/London' } });
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json()).toEqual({ timeZone: 'Europe/London', maxResourceBytes: 5368709120 });
    await t.close();
  });
  it('keeps the secret it generated', () => {
    const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), `valence-secret-${randomBytes(4).toString('hex')}`) });
    expect(loadSecret(config)).toBe(loadSecret(config));
  });
});
