import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { encodeUploadId, MAX_RESOURCE_BYTES, uploadKeyFromUrl } from '@valence/contract';
import type S3rver from 's3rver';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../../storage/local-storage.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startS3rver } from '../../test/s3rver-store.js';
import { metadataHeader, tusCreate, tusPatch, tusRequest } from '../../test/tus.js';
import { UNFINISHED_UPLOAD_TTL_MS } from './uploads.js';

const KEY = /^resources\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/;

type Server = { t: TestApp; base: string; endpoint: string; auth: { authorization: string } };

async function startServer(storage?: ObjectStorage): Promise<Server> {
  const t = await createTestApp(storage ? { storage } : {});
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const { headers } = await t.login('ROLE_ADMIN');
  return { t, base, endpoint: `${base}/api/uploads`, auth: headers };
}

/** Uploads with tus-js-client from node; resolves with the upload URL and the PATCH offsets it sent. */
function tusUpload(
  server: Server,
  data: Buffer,
  options: { filename?: string; filetype?: string; uploadUrl?: string; chunkSize?: number } = {},
): Promise<{ url: string; patchOffsets: number[] }> {
  const patchOffsets: number[] = [];
  return new Promise((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: server.endpoint,
      headers: server.auth,
      metadata: { filename: options.filename ?? 'lecture 1.mp4', filetype: options.filetype ?? 'video/mp4' },
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      retryDelays: [],
      storeFingerprintForResuming: false,
      onBeforeRequest(req) {
        if (req.getMethod() === 'PATCH') patchOffsets.push(Number(req.getHeader('Upload-Offset')));
      },
      onError: reject,
      onSuccess: () => resolve({ url: upload.url as string, patchOffsets }),
    });
    upload.start();
  });
}

const create = (server: Server, length: number | string, filename = 'notes.pdf', extra: Record<string, string> = {}) =>
  tusCreate(server.endpoint, server.auth, length, { filename, filetype: 'application/pdf' }, extra);
const patch = (server: Server, url: string, offset: number, body: Buffer) =>
  tusPatch(new URL(url, server.base), server.auth, offset, body);
const head = (server: Server, url: string) => tusRequest('HEAD', new URL(url, server.base), server.auth);

async function readAll(storage: ObjectStorage, key: string): Promise<Buffer> {
  const { stream } = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The upload and resume cases run on both stores. */
function uploadSuite(name: string, setup: () => Promise<{ server: Server; stop?: () => Promise<void> }>) {
  describe(name, () => {
    let server: Server;
    let stop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ server, stop } = await setup());
    });
    afterAll(async () => {
      await server?.t.close();
      await stop?.();
    });

    it('completes a full upload of a few MB into the store under resources/<uuid>-<name>', async () => {
      // Larger than one 8 MiB S3 part, and far beyond Fastify's 1 MiB JSON body limit.
      const data = randomBytes(9 * 1024 * 1024 + 12345);
      const { url } = await tusUpload(server, data);
      expect(url.startsWith(server.endpoint)).toBe(true);
      const key = uploadKeyFromUrl(url);
      expect(key).toMatch(KEY);
      expect(key).toMatch(/-lecture_1\.mp4$/);
      const storage = server.t.storage;
      expect(await storage.stat(key as string)).toEqual({ size: data.length });
      expect((await readAll(storage, key as string)).equals(data)).toBe(true);
      expect(await server.t.app.uploads.getCompletedUpload(key as string)).toEqual({
        size: data.length,
        contentType: 'video/mp4',
        filename: 'lecture 1.mp4',
      });
      // A signed download link serves the same bytes.
      const link = await storage.signedUrl(key as string, { ttlSeconds: 60 });
      const download = await fetch(new URL(link, server.base));
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
    });

    it('resumes an interrupted upload from its offset, not from zero', async () => {
      const data = randomBytes(12 * 1024 * 1024 + 777);
      const half = Math.floor(data.length / 2);
      const created = await create(server, data.length, 'chapter 2.pdf');
      expect(created.status).toBe(201);
      const location = created.headers.get('location') as string;
      expect(location.startsWith('/api/uploads/')).toBe(true);
      const key = uploadKeyFromUrl(location) as string;
      expect(key).toMatch(KEY);

      const first = await patch(server, location, 0, data.subarray(0, half));
      expect(first.status).toBe(204);
      expect(Number(first.headers.get('upload-offset'))).toBe(half);

      // The connection "dropped" here: HEAD tells the client where to go on.
      const probe = await head(server, location);
      expect(probe.status).toBe(200);
      expect(Number(probe.headers.get('upload-offset'))).toBe(half);
      expect(Number(probe.headers.get('upload-length'))).toBe(data.length);
      expect(await server.t.app.uploads.getCompletedUpload(key)).toBeNull();

      // A wrong offset is refused without touching the upload.
      expect((await patch(server, location, 0, data.subarray(0, 10))).status).toBe(409);

      // A second client continues from the same URL.
      const resumed = await tusUpload(server, data, { uploadUrl: new URL(location, server.base).toString() });
      expect(resumed.patchOffsets[0]).toBe(half);
      expect(resumed.patchOffsets).not.toContain(0);
      expect(uploadKeyFromUrl(resumed.url)).toBe(key);

      expect(await server.t.storage.stat(key)).toEqual({ size: data.length });
      expect((await readAll(server.t.storage, key)).equals(data)).toBe(true);
      expect(await server.t.app.uploads.getCompletedUpload(key)).toEqual({
        size: data.length,
        contentType: 'application/pdf',
        filename: 'chapter 2.pdf',
      });
    });

    it('resumes with tus-js-client chunks after a first client stopped part-way', async () => {
      const data = randomBytes(6 * 1024 * 1024 + 1);
      const chunk = 2 * 1024 * 1024;
      // First client: creation and one chunk, then it "dies".
      const first = await new Promise<{ url: string }>((resolve, reject) => {
        const upload = new Upload(data, {
          endpoint: server.endpoint,
          headers: server.auth,
          chunkSize: chunk,
          metadata: { filename: 'clip.webm', filetype: 'video/webm' },
          retryDelays: [],
          storeFingerprintForResuming: false,
          onChunkComplete() {
            void upload.abort().then(() => resolve({ url: upload.url as string }));
          },
          onError: reject,
        });
        upload.start();
      });
      const probe = await head(server, first.url);
      const offset = Number(probe.headers.get('upload-offset'));
      expect(offset).toBe(chunk);
      const resumed = await tusUpload(server, data, { uploadUrl: first.url, chunkSize: chunk, filename: 'clip.webm' });
      expect(resumed.patchOffsets[0]).toBe(chunk);
      const key = uploadKeyFromUrl(resumed.url) as string;
      expect((await readAll(server.t.storage, key)).equals(data)).toBe(true);
      expect((await server.t.app.uploads.getCompletedUpload(key))?.size).toBe(data.length);
    });
  });
}

uploadSuite('uploads on the local store', async () => ({ server: await startServer() }));

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
};

/**
 * s3rver 3.7 implements no ListParts (GET ?uploadId=) and no AbortMultipartUpload (DELETE
 * ?uploadId=): it answers 405 MethodNotAllowed. @tus/s3-store lists the parts on every PATCH and
 * HEAD to learn the offset, so this middleware answers those two calls from s3rver's own part files
 * (uploads/<uploadId>/<partNumber> and .md5), the way S3 does. Every other call is s3rver's.
 */
function addMultipartListing(s3rver: S3rver) {
  const store = (s3rver as unknown as { store: { getResourcePath(b: string, k: undefined, r: string): string } }).store;
  const middleware = (s3rver as unknown as { middleware: unknown[] }).middleware;
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    if (typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId) || !['GET', 'DELETE'].includes(ctx.method)) {
      return next();
    }
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const dir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    ctx.type = 'application/xml';
    if (!existsSync(dir)) {
      ctx.status = 404;
      ctx.body = xml(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`);
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const names = await readdir(dir);
    const numbers = names
      .filter((name) => /^\d+$/.test(name) && names.includes(`${name}.md5`))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const info = await stat(path.join(dir, String(n)));
        const md5 = (await readFile(path.join(dir, `${n}.md5`), 'utf8')).trim();
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.body = xml(
      `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  });
}

uploadSuite('uploads on an S3-compatible store (s3rver)', async () => {
  const { storage, stop } = await startS3rver('valence-test', addMultipartListing);
  return { server: await startServer(storage), stop };
});

describe('upload rules (local store)', () => {
  let server: Server;
  let resourcesDir: string;
  beforeAll(async () => {
    server = await startServer();
    resourcesDir = path.join((server.t.storage as LocalStorage).root, 'resources');
  });
  afterAll(async () => {
    await server?.t.close();
  });

  it('refuses a declared Upload-Length over 5 GB with 413 before storing anything', async () => {
    const before = await readdir(resourcesDir);
    const response = await create(server, MAX_RESOURCE_BYTES + 1, 'huge.mp4');
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/5 GB \(5368709120 bytes\)/);
    expect(response.headers.get('location')).toBeNull();
    expect(await readdir(resourcesDir)).toEqual(before);
  });

  it('refuses the body of an oversized creation-with-upload request too', async () => {
    const before = await readdir(resourcesDir);
    const response = await fetch(server.endpoint, {
      method: 'POST',
      headers: {
        ...server.auth,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(MAX_RESOURCE_BYTES + 1),
        'Upload-Metadata': metadataHeader({ filename: 'huge.mp4' }),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: randomBytes(64 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await readdir(resourcesDir)).toEqual(before);
  });

  it('accepts exactly 5368709120 bytes at creation', async () => {
    const response = await create(server, MAX_RESOURCE_BYTES, 'exactly 5GB.mp4');
    expect(response.status).toBe(201);
    const location = response.headers.get('location') as string;
    const key = uploadKeyFromUrl(location) as string;
    expect(key).toMatch(KEY);
    const probe = await head(server, location);
    expect(probe.headers.get('upload-length')).toBe(String(MAX_RESOURCE_BYTES));
    expect(probe.headers.get('upload-offset')).toBe('0');
    // Nothing was preallocated: the file is empty until bytes arrive.
    expect(await server.t.storage.stat(key)).toEqual({ size: 0 });
    expect(await server.t.app.uploads.getCompletedUpload(key)).toBeNull();
    // An unfinished upload may be cancelled (termination), which removes it.
    const cancelled = await tusRequest('DELETE', new URL(location, server.base), server.auth);
    expect(cancelled.status).toBe(204);
    expect(await server.t.storage.stat(key)).toBeNull();
  });

  it('refuses a deferred length and a missing file name with 400', async () => {
    const deferred = await fetch(server.endpoint, {
      method: 'POST',
      headers: {
        ...server.auth,
        'Tus-Resumable': '1.0.0',
        'Upload-Defer-Length': '1',
        'Upload-Metadata': metadataHeader({ filename: 'a.mp4' }),
      },
    });
    expect(deferred.status).toBe(400);
    expect(((await deferred.json()) as { message: string }).message).toMatch(/Upload-Length/);

    const unnamed = await fetch(server.endpoint, {
      method: 'POST',
      headers: { ...server.auth, 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    });
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as { message: string }).message).toBe(
      'Upload-Metadata must include the file name (filename).',
    );
  });

  it('keeps a finished upload from being deleted through tus', async () => {
    const data = randomBytes(1000);
    const { url } = await tusUpload(server, data, { filename: 'keep.pdf', filetype: 'application/pdf' });
    const response = await tusRequest('DELETE', url, server.auth);
    expect(response.status).toBe(400);
    expect(await server.t.storage.stat(uploadKeyFromUrl(url) as string)).toEqual({ size: 1000 });
  });

  it("refuses another staff account's PATCH, HEAD, GET and DELETE of an unfinished upload with 403", async () => {
    const colleagueAccount = await server.t.login('ROLE_ADMIN');
    const colleague = { ...server, auth: colleagueAccount.headers };
    // The client claims the upload for the colleague; the server records the real creator.
    const claim = metadataHeader({ filename: 'mine.pdf', owner: String(colleagueAccount.id) });
    const created = await create(server, 20, 'mine.pdf', { 'Upload-Metadata': claim });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    const key = uploadKeyFromUrl(location) as string;
    expect((await patch(server, location, 0, Buffer.from('0123456789'))).status).toBe(204);

    const boss = { ...server, auth: (await server.t.login('ROLE_SUPERADMIN')).headers };
    for (const other of [colleague, boss]) {
      const appended = await patch(other, location, 10, Buffer.from('XXXXXXXXXX'));
      expect(appended.status).toBe(403);
      expect(((await appended.json()) as { message: string }).message).toBe(
        'This upload was started by another account.',
      );
      expect((await head(other, location)).status).toBe(403);
      const read = await fetch(new URL(location, server.base), { headers: other.auth });
      expect(read.status).toBe(403);
      const removed = await tusRequest('DELETE', new URL(location, server.base), other.auth);
      expect(removed.status).toBe(403);
    }
    // The creator carries on.
    expect((await patch(server, location, 10, Buffer.from('abcdefghij'))).status).toBe(204);
    expect((await readAll(server.t.storage, key)).toString()).toBe('0123456789abcdefghij');
  });

  it('sends no CORS grant: only the portal, on its own origin, drives uploads', async () => {
    const origin = { Origin: 'https://evil.example' };
    const preflight = await fetch(server.endpoint, {
      method: 'OPTIONS',
      headers: { ...origin, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const created = await create(server, 5, 'cors.pdf', origin);
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 404 for upload ids that are not keys it issued', async () => {
    for (const id of [encodeUploadId('secret.key'), encodeUploadId('resources/../secret.key'), 'not-base64!', 'x']) {
      const response = await head(server, `/api/uploads/${id}`);
      expect(response.status).toBe(404);
    }
    const stray = await patch(server, `/api/uploads/${encodeUploadId('secret.key')}`, 0, Buffer.from('x'));
    expect(stray.status).toBe(404);
    expect(await server.t.app.uploads.getCompletedUpload('secret.key')).toBeNull();
    expect(
      await server.t.app.uploads.getCompletedUpload('resources/00000000-0000-0000-0000-000000000000-none.mp4'),
    ).toBeNull();
  });

  it('is for staff only: anonymous 401, student 403, before tus sees the request', async () => {
    const before = await readdir(resourcesDir);
    const anonymous = await tusCreate(server.endpoint, {}, 10, { filename: 'a' });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBeTruthy();

    const student = await server.t.login('ROLE_STUDENT');
    const asStudent = await tusCreate(server.endpoint, student.headers, 10, { filename: 'a' });
    expect(asStudent.status).toBe(403);
    expect(await readdir(resourcesDir)).toEqual(before);

    // Also on an existing upload's URL.
    const created = await create(server, 10, 'x.pdf');
    const location = created.headers.get('location') as string;
    const probe = await tusRequest('HEAD', new URL(location, server.base), student.headers);
    expect(probe.status).toBe(403);
    const write = await tusPatch(new URL(location, server.base), {}, 0, Buffer.from('0123456789'));
    expect(write.status).toBe(401);
    expect((await head(server, location)).headers.get('upload-offset')).toBe('0');
  });

  it('keeps the bytes of a PATCH whose connection dropped mid-body, and resumes after them', async () => {
    const data = randomBytes(4 * 1024 * 1024);
    const created = await create(server, data.length, 'dropped.mp4');
    const location = created.headers.get('location') as string;
    const sent = 1024 * 1024 + 4321;
    await new Promise<void>((resolve) => {
      const req = http.request(new URL(location, server.base), {
        method: 'PATCH',
        headers: {
          ...server.auth,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(data.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(data.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
    });
    // The server finishes writing what arrived, then HEAD reports it.
    let offset = -1;
    for (let i = 0; i < 50 && offset !== sent; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      offset = Number((await head(server, location)).headers.get('upload-offset'));
    }
    expect(offset).toBe(sent);
    const resumed = await tusUpload(server, data, {
      uploadUrl: new URL(location, server.base).toString(),
      filename: 'dropped.mp4',
    });
    expect(resumed.patchOffsets[0]).toBe(sent);
    const key = uploadKeyFromUrl(location) as string;
    expect((await readAll(server.t.storage, key)).equals(data)).toBe(true);
  });

  it('writes exactly what was sent into the file at the storage key', async () => {
    const data = randomBytes(300_000);
    const { url } = await tusUpload(server, data, { filename: 'Notes (final).PDF', filetype: 'text/html' });
    const key = uploadKeyFromUrl(url) as string;
    expect(key).toMatch(/-Notes__final_\.PDF$/);
    const file = path.join((server.t.storage as LocalStorage).root, key);
    expect((await readFile(file)).equals(data)).toBe(true);
    // A type a browser could run as a page is not passed on.
    expect((await server.t.app.uploads.getCompletedUpload(key))?.contentType).toBeNull();
  });

  it('removes unfinished uploads after a week, and never finished ones', async () => {
    const finished = uploadKeyFromUrl(
      (await tusUpload(server, randomBytes(1000), { filename: 'kept.pdf' })).url,
    ) as string;
    const created = await create(server, 5000, 'abandoned.pdf');
    const abandoned = uploadKeyFromUrl(created.headers.get('location') ?? '') as string;
    const fresh = uploadKeyFromUrl((await create(server, 5000, 'fresh.pdf')).headers.get('location') ?? '') as string;
    const root = (server.t.storage as LocalStorage).root;
    // Age the abandoned upload's record past the expiry period.
    const infoFile = path.join(root, `${abandoned}.json`);
    const info = JSON.parse(await readFile(infoFile, 'utf8'));
    info.creation_date = new Date(Date.now() - UNFINISHED_UPLOAD_TTL_MS - 60_000).toISOString();
    await writeFile(infoFile, JSON.stringify(info));

    expect(await server.t.app.uploads.removeExpired()).toBe(1);
    expect(await server.t.storage.stat(abandoned)).toBeNull();
    expect(await server.t.storage.stat(fresh)).not.toBeNull();
    expect(await server.t.app.uploads.getCompletedUpload(finished)).not.toBeNull();
  });
});
