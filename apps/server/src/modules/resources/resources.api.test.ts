import { uploadKeyFromUrl } from '@valence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectMessage, expectMessageContaining, type Login, useTestApp } from '../../test/harness.js';
import { tusCreate, tusPatch } from '../../test/tus.js';

const t = useTestApp();
let boss: Login;
let tutor: Login;
let courseId: number;

beforeAll(async () => {
  boss = await t.login('ROLE_SUPERADMIN');
  tutor = await t.login('ROLE_ADMIN');
  courseId = (await t.createCourse(tutor.headers, 'Electrochemistry', 'Cells')).id;
});

const link = {
  name: 'Lecture 1 — Galvanic cells',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  type: 'link',
  duration: 3723,
  liveAt: '2026-11-23T10:00:00Z',
  recordingAt: '2026-11-20T10:00:00Z',
};

const post = (payload: Record<string, unknown>, headers = tutor.headers) =>
  t.call('POST', '/api/resources', headers, payload);
const courseDetail = () => t.call('GET', `/api/courses/${courseId}`, tutor.headers);
const NOT_UPLOADED = 'The uploaded file was not found or its upload is not complete.';

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
    const detail = await courseDetail();
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
    [{ liveAt: 'tomorrow' }, 'Live At: Invalid date format. Please use YYYY-MM-DDTHH:mm.'],
    [{ name: '   ' }, 'Resource name is required.'],
    [{ expiresAt: '2026-11-22T10:00:00Z' }, 'Expires At must be after Live At.'],
    [
      { type: 'video/mp4', url: 'resources/../../secret.key' },
      'url must be an http(s) link or a file key issued by the upload endpoint.',
    ],
    [{ type: 'video/mp4', url: 'javascript:alert(1)' }, 'url must be an http(s) link'],
  ])('refuses %o with a clear message', async (change, message) => {
    expectMessageContaining(await post({ ...link, courseId, ...change }), 400, message);
  });

  // The form's labels, not the API's field names: a tutor reads this sentence as it is.
  it.each([[{ liveAt: undefined }], [{ recordingAt: '' }], [{ liveAt: '  ', recordingAt: undefined }]])(
    'refuses %o asking for both dates by their labels',
    async (change) => {
      expectMessage(
        await post({ ...link, courseId, ...change }),
        400,
        'Please provide both Live At and Recording At dates.',
      );
    },
  );

  it('refuses an unknown course and a key that no upload issued', async () => {
    expect((await post({ ...link, courseId: 999999 })).statusCode).toBe(404);
    const response = await post({
      ...link,
      courseId,
      type: 'video/mp4',
      url: 'resources/11111111-1111-4111-8111-111111111111-missing.mp4',
    });
    expectMessage(response, 400, NOT_UPLOADED);
  });

  it('attaches a finished tus upload once, and refuses an unfinished one', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const create = async (name: string, length: number) => {
      const metadata = { filename: name, filetype: 'application/pdf' };
      const response = await tusCreate(`${address}/api/uploads`, tutor.headers, length, metadata);
      expect(response.status).toBe(201);
      return new URL(response.headers.get('location') ?? '', address).toString();
    };
    const body = Buffer.from('%PDF-1.4 past paper');
    const location = await create('Past paper 2025.pdf', body.length);
    expect((await tusPatch(location, tutor.headers, 0, body)).status).toBe(204);
    const key = uploadKeyFromUrl(location) ?? '';
    expect(key).toMatch(/^resources\/[0-9a-f-]{36}-Past_paper_2025\.pdf$/);

    const payload = { ...link, courseId, name: 'Past paper 2025', type: 'application/pdf', url: key, duration: 0 };
    const created = await post(payload);
    expect(created.statusCode).toBe(201);
    expect(created.json().url).toMatch(/^\/api\/files\/resources\//);
    const download = await t.call('GET', created.json().url);
    expect(download.body).toBe(body.toString());
    expect((await post(payload)).statusCode).toBe(409);

    const unfinished = uploadKeyFromUrl(await create('half.pdf', 100)) ?? '';
    expectMessage(await post({ ...payload, url: unfinished }), 400, NOT_UPLOADED);
  });

  it('serves stored files only through signed, expiring links that support Range', async () => {
    const key = 'resources/22222222-2222-4222-8222-222222222222-clip.mp4';
    const bytes = Buffer.from('0123456789abcdefghij');
    await t.storeResource(courseId, { key, name: 'clip.mp4', type: 'video/mp4', bytes });
    const detail = await courseDetail();
    const signed: string = detail.json().resources.find((r: { name: string }) => r.name === 'clip.mp4').url;
    expect(signed).toMatch(/^\/api\/files\/resources\/.+\?expires=\d+&signature=/);

    const whole = await t.call('GET', signed);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body).toBe(bytes.toString());

    const part = await t.call('GET', signed, { range: 'bytes=10-14' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-14/20');
    expect(part.body).toBe('abcde');

    const beyond = await t.call('GET', signed, { range: 'bytes=50-' });
    expect(beyond.statusCode).toBe(416);

    const tampered = signed.replace('clip.mp4', 'other.mp4');
    expect((await t.call('GET', tampered)).statusCode).toBe(403);
    // The name the browser saves the file under is signed too.
    const renamed = signed.replace(/name=[^&]*/, 'name=invoice.exe');
    expect((await t.call('GET', renamed)).statusCode).toBe(403);
    const nameless = signed.replace(/&name=[^&]*/, '');
    expect((await t.call('GET', nameless)).statusCode).toBe(403);
    const unsigned = signed.split('?')[0] ?? '';
    expect((await t.call('GET', unsigned)).statusCode).toBe(400);
    const expired = signed.replace(/expires=\d+/, 'expires=1000');
    expect((await t.call('GET', expired)).statusCode).toBe(403);
  });

  it('lets only a superadmin delete a resource, which removes its stored file', async () => {
    const key = 'resources/33333333-3333-4333-8333-333333333333-handout.pdf';
    const row = await t.storeResource(courseId, {
      key,
      name: 'handout.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('%PDF'),
    });
    const remove = (who: Login) => t.call('DELETE', `/api/resources/${row.id}`, who.headers);
    expect((await remove(tutor)).statusCode).toBe(403);
    expect((await remove(boss)).statusCode).toBe(204);
    expect(await t.storage.stat(key)).toBeNull();
    expect((await remove(boss)).statusCode).toBe(404);
  });
});
