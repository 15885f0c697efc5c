import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { ensureSuperadmin } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { countByRole } from './modules/accounts/repository.js';
import { createStorage, loadSecret, prepareDataDir } from './runtime.js';
import { LocalStorage } from './storage/local-storage.js';
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
      prepareDataDir(config);
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

    // Acknowledged commits reach the disk: fsync on, through a method the embedded engine honours.
    const settings = await second.database.db.execute(sql`select name, setting from pg_settings
      where name in ('fsync', 'wal_sync_method') order by name`);
    expect((settings as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'wal_sync_method', setting: 'fsync' },
    ]);
    await second.app.close();
    await second.database.close();
  });

  it("keeps DATA_DIR's contents readable by the server's user only", async () => {
    const open: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (((await stat(full)).mode & 0o077) !== 0) open.push(full);
        if (entry.isDirectory()) await walk(full);
      }
    };
    await walk(dataDir);
    expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700');
    expect(open).toEqual([]);
  });
});

describe('signing secret in DATA_DIR', () => {
  const dirs: string[] = [];
  const freshDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'valence-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['empty', ''],
    ['blank', '   \n\t  '],
    ['short', 'x'.repeat(31)],
  ])('refuses to start with an %s secret.key and names the file', async (_kind, content) => {
    const dir = await freshDir();
    await writeFile(path.join(dir, 'secret.key'), content);
    const config = loadConfig({ DATA_DIR: dir });
    expect(() => loadSecret(config)).toThrow(ConfigError);
    expect(() => loadSecret(config)).toThrow(path.join(dir, 'secret.key'));
  });

  it('generates a long secret once, owner-only, leaving no temporary file behind', async () => {
    const dir = await freshDir();
    const config = loadConfig({ DATA_DIR: dir });
    const secret = loadSecret(config);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(loadSecret(config)).toBe(secret);
    expect(await readdir(dir)).toEqual(['secret.key']);
    expect(((await stat(path.join(dir, 'secret.key'))).mode & 0o777).toString(8)).toBe('600');
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
    await mkdir(path.join(webDist, 'pages'));
    await writeFile(
      path.join(webDist, 'pages', 'course-detail.html'),
      '<!doctype html><link rel="modulepreload" href="/assets/course-detail.js"><div id="root"></div>',
    );
    await writeFile(
      path.join(webDist, 'pages', 'index.json'),
      JSON.stringify([{ path: 'courses/:id', html: 'pages/course-detail.html' }]),
    );
    // The students' app: its own entry, and one per screen that preloads the screen's code.
    await mkdir(path.join(webDist, 'learn', 'pages'), { recursive: true });
    await writeFile(path.join(webDist, 'learn', 'index.html'), '<!doctype html><div id="learn"></div>');
    for (const [name, chunk] of [
      ['my-courses-page', 'my-courses'],
      ['exam-page', 'exam'],
    ]) {
      await writeFile(
        path.join(webDist, 'learn', 'pages', `${name}.html`),
        `<!doctype html><link rel="modulepreload" href="/learn/assets/${chunk}.js"><div id="learn"></div>`,
      );
    }
    await writeFile(
      path.join(webDist, 'learn', 'pages', 'index.json'),
      JSON.stringify([
        { path: '/', html: 'pages/my-courses-page.html' },
        { path: 'exams/:examId', html: 'pages/exam-page.html' },
      ]),
    );
    const big = 'export const x = 1;\n'.repeat(200);
    await writeFile(path.join(webDist, 'assets', 'big-abc123.js'), big);
    await writeFile(path.join(webDist, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
    await writeFile(path.join(webDist, 'assets', 'big-abc123.js.gz'), gzipSync(big));
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

  it("sends a page's own entry, which preloads its code, for the addresses the build listed", async () => {
    for (const url of ['/courses/12', '/courses/12/?tab=1']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('modulepreload');
    }
    for (const url of ['/courses', '/courses/12/gradebook', '/login']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('modulepreload');
    }
  });

  it("sends a students' app screen its own entry, which preloads its code, else the app's plain one", async () => {
    const sent = async (url: string) => {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="learn">');
      return /href="([^"]+)"/.exec(page.body)?.[1] ?? null;
    };
    expect(await sent('/learn')).toBe('/learn/assets/my-courses.js');
    expect(await sent('/learn/')).toBe('/learn/assets/my-courses.js');
    expect(await sent('/learn/exams/3')).toBe('/learn/assets/exam.js');
    expect(await sent('/learn/exams/3/?from=list')).toBe('/learn/assets/exam.js');
    for (const url of ['/learn/exams', '/learn/login', '/learn/courses/2']) expect(await sent(url)).toBeNull();
    // The portal's own list does not reach the students' app, nor the other way round.
    const portal = await t.app.inject({ method: 'GET', url: '/exams/3' });
    expect(portal.body).not.toContain('learn');
  });

  it('serves the portal for a page address whatever the client accepts (curl), never for a missing file', async () => {
    for (const accept of [undefined, '*/*', 'application/json']) {
      const page = await t.app.inject({ method: 'GET', url: '/login', headers: accept ? { accept } : {} });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/assets/missing.js', '/assets/x', '/favicon.png']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toMatch(/Not found/);
    }
  });

  it('serves the build pre-compressed, hashed assets cached for good, the page always revalidated', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const x = 1;');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const x = 1;');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers over 1 KB, not small ones', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString()).paths).toHaveProperty('/api/signin');
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('sets security headers on pages, API answers and errors alike', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/courses' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['content-security-policy']).toContain('frame-src https://www.youtube.com');
      // The students' app's YouTube player: the IFrame API script, and nothing else from outside.
      expect(answer.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/www\.youtube\.com(;|$)/);
    }
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
  it('tells the portal the platform time zone, its offsets and the upload limit', async () => {
    const t = await createTestApp({ env: { TIME_ZONE: 'Europe/London' } });
    const first = await t.app.inject({ method: 'GET', url: '/api/settings' });
    const { zoneOffsets, ...rest } = first.json();
    expect(rest).toEqual({ timeZone: 'Europe/London', maxResourceBytes: 5368709120 });
    // Twenty years back to twenty ahead, from the start of a year; London changes twice a year.
    const year = new Date().getUTCFullYear();
    expect(zoneOffsets.from).toBe(Date.UTC(year - 20, 0, 1) / 1000);
    expect(zoneOffsets.until).toBe(Date.UTC(year + 21, 0, 1) / 1000);
    expect(zoneOffsets.changes).toHaveLength(1 + 2 * 41);
    expect(zoneOffsets.changes[0]).toEqual([zoneOffsets.from, 0]);
    expect(zoneOffsets.changes).toContainEqual([Date.UTC(2026, 2, 29, 1) / 1000, 3600]);
    expect(zoneOffsets.changes).toContainEqual([Date.UTC(2026, 9, 25, 1) / 1000, 0]);
    const again = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(again.json().zoneOffsets).toEqual(zoneOffsets);
    await t.close();
  });
  it('keeps the secret it generated', () => {
    const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), `valence-secret-${randomBytes(4).toString('hex')}`) });
    expect(loadSecret(config)).toBe(loadSecret(config));
  });
});

describe('access log', () => {
  it('records where a signed link led but never its signature', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'valence-log-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const secret = randomBytes(32).toString('hex');
    const database = await openTestDatabase();
    const storage = new LocalStorage(path.join(dataDir, 'files'), secret, '/api/files');
    const app = await buildApp({ config, database, storage, secret, logger: stream });
    try {
      await storage.put('resources/a-notes.pdf', Readable.from(Buffer.from('%PDF')));
      const link = await storage.signedUrl('resources/a-notes.pdf', { ttlSeconds: 60, fileName: 'notes.pdf' });
      const signature = new URL(link, 'http://x').searchParams.get('signature') ?? '';
      expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/api/files/resources/a-notes.pdf?expires=');
      expect(log).toContain('signature=[redacted]');
      expect(log).not.toContain(signature);
    } finally {
      await app.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('service basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the OpenAPI document', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/signin');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/Not found/);
  });
});
