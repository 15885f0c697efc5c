import { Readable } from 'node:stream';
import { uploadKeyFromUrl } from '@valence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let boss: Awaited<ReturnType<TestApp['login']>>;
let tutor: Awaited<ReturnType<TestApp['login']>>;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp();
  boss = await t.login('ROLE_SUPERADMIN');
  tutor = await t.login('ROLE_ADMIN');
  const course = await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: tutor.headers,
    payload: { title: 'Electrochemistry', description: 'Cells' },
  });
  courseId = course.json().id;
});
afterAll(() => t.close());

const link = {
  name: 'Lecture 1 — Galvanic cells',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  type: 'link',
  duration: 3723,
  liveAt: '2026-11-23T10:00:00Z',
  recordingAt: '2026-11-20T10:00:00Z',
};

const post = (payload: Record<string, unknown>, headers = tutor.headers) =>
  t.app.inject({ method: 'POST', url: '/api/resources', headers, payload });

describe('resources', () => {
  it('adds a YouTube link and lists it on the course', async () => {
    const created = await post({ ...link, courseId });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: link.name,
      url: link.url,
      type: 'link',
      courseId,
      duration: 3723,
      liveAt: '2026-11-23T10:00:00.000Z',
      expiresAt: null,
    });
    const detail = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: tutor.headers });
    expect(detail.json().resources.map((r: { name: string }) => r.name)).toContain(link.name);
  });

  it('reads a date without an offset in the platform time zone (Asia/Colombo, +05:30)', async () => {
    const created = await post({ ...link, courseId, liveAt: '2026-11-23T10:00', recordingAt: '2026-11-23 09:30:00' });
    expect(created.json().liveAt).toBe('2026-11-23T04:30:00.000Z');
    expect(created.json().recordingAt).toBe('2026-11-23T04:00:00.000Z');
  });

  it.each([
    [{ url: 'https://vimeo.com/1' }, 'A link must be a YouTube URL.'],
    [{ duration: 0 }, 'Please provide a valid duration.'],
    [{ liveAt: undefined }, 'liveAt'],
    [{ liveAt: 'tomorrow' }, 'Invalid date format. Please use YYYY-MM-DDTHH:mm.'],
    [{ name: '   ' }, 'Resource name is required.'],
    [{ expiresAt: '2026-11-22T10:00:00Z' }, 'Expires At must be after Live At.'],
    [
      { type: 'video/mp4', url: 'resources/../../secret.key' },
      'url must be an http(s) link or a file key issued by the upload endpoint.',
    ],
    [{ type: 'video/mp4', url: 'javascript:alert(1)' }, 'url must be an http(s) link'],
  ])('refuses %o with a clear message', async (change, message) => {
    const response = await post({ ...link, courseId, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('refuses an unknown course and a key that no upload issued', async () => {
    expect((await post({ ...link, courseId: 999999 })).statusCode).toBe(404);
    const response = await post({
      ...link,
      courseId,
      type: 'video/mp4',
      url: 'resources/11111111-1111-4111-8111-111111111111-missing.mp4',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The uploaded file was not found or its upload is not complete.');
  });

  it('attaches a finished tus upload once, and refuses an unfinished one', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const create = async (name: string, length: number) => {
      const response = await fetch(`${address}/api/uploads`, {
        method: 'POST',
        headers: {
          ...tutor.headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': `filename ${b64(name)},filetype ${b64('application/pdf')}`,
        },
      });
      expect(response.status).toBe(201);
      return new URL(response.headers.get('location') ?? '', address).toString();
    };
    const body = Buffer.from('%PDF-1.4 past paper');
    const location = await create('Past paper 2025.pdf', body.length);
    const patch = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tutor.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body,
    });
    expect(patch.status).toBe(204);
    const key = uploadKeyFromUrl(location) ?? '';
    expect(key).toMatch(/^resources\/[0-9a-f-]{36}-Past_paper_2025\.pdf$/);

    const payload = { ...link, courseId, name: 'Past paper 2025', type: 'application/pdf', url: key, duration: 0 };
    const created = await post(payload);
    expect(created.statusCode).toBe(201);
    expect(created.json().url).toMatch(/^\/api\/files\/resources\//);
    const download = await t.app.inject({ method: 'GET', url: created.json().url });
    expect(download.body).toBe(body.toString());
    expect((await post(payload)).statusCode).toBe(409);

    const unfinished = uploadKeyFromUrl(await create('half.pdf', 100)) ?? '';
    const refused = await post({ ...payload, url: unfinished });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The uploaded file was not found or its upload is not complete.');
  });

  it('serves stored files only through signed, expiring links that support Range', async () => {
    const key = 'resources/22222222-2222-4222-8222-222222222222-clip.mp4';
    const bytes = Buffer.from('0123456789abcdefghij');
    await t.storage.put(key, Readable.from(bytes));
    await t.database.db.insert(resources).values({
      courseId,
      name: 'clip.mp4',
      type: 'video/mp4',
      url: key,
      objectKey: key,
      liveAt: new Date(),
      recordingAt: new Date(),
    });
    const detail = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: tutor.headers });
    const signed: string = detail.json().resources.find((r: { name: string }) => r.name === 'clip.mp4').url;
    expect(signed).toMatch(/^\/api\/files\/resources\/.+\?expires=\d+&signature=/);

    const whole = await t.app.inject({ method: 'GET', url: signed });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body).toBe(bytes.toString());

    const part = await t.app.inject({ method: 'GET', url: signed, headers: { range: 'bytes=10-14' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-14/20');
    expect(part.body).toBe('abcde');

    const beyond = await t.app.inject({ method: 'GET', url: signed, headers: { range: 'bytes=50-' } });
    expect(beyond.statusCode).toBe(416);

    const tampered = signed.replace('clip.mp4', 'other.mp4');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    // The name the browser saves the file under is signed too.
    const renamed = signed.replace(/name=[^&]*/, 'name=invoice.exe');
    expect((await t.app.inject({ method: 'GET', url: renamed })).statusCode).toBe(403);
    const nameless = signed.replace(/&name=[^&]*/, '');
    expect((await t.app.inject({ method: 'GET', url: nameless })).statusCode).toBe(403);
    const unsigned = signed.split('?')[0] ?? '';
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(400);
    const expired = signed.replace(/expires=\d+/, 'expires=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('lets only a superadmin delete a resource, which removes its stored file', async () => {
    const key = 'resources/33333333-3333-4333-8333-333333333333-handout.pdf';
    await t.storage.put(key, Readable.from(Buffer.from('%PDF')));
    const [row] = await t.database.db
      .insert(resources)
      .values({
        courseId,
        name: 'handout.pdf',
        type: 'application/pdf',
        url: key,
        objectKey: key,
        liveAt: new Date(),
        recordingAt: new Date(),
      })
      .returning();
    const byTutor = await t.app.inject({ method: 'DELETE', url: `/api/resources/${row!.id}`, headers: tutor.headers });
    expect(byTutor.statusCode).toBe(403);
    const byBoss = await t.app.inject({ method: 'DELETE', url: `/api/resources/${row!.id}`, headers: boss.headers });
    expect(byBoss.statusCode).toBe(204);
    expect(await t.storage.stat(key)).toBeNull();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/resources/${row!.id}`, headers: boss.headers })).statusCode,
    ).toBe(404);
  });
});
