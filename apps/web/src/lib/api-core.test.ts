import {
  courseDetailSchema,
  courseSchema,
  instituteSettingsSchema,
  pageSchema,
  studentSchema,
} from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiCore, done, formBody, read } from './api-core';

const course = { id: 7, title: 'Organic Chemistry', description: '', createdAt: '2026-01-01T00:00:00Z', paused: false };

/** Every request the stubbed fetch saw, as a hand-written call would have sent it. */
function stubFetch(answer: () => Response) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
  return sent;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function core(overrides: Partial<Parameters<typeof createApiCore>[0]> = {}) {
  return createApiCore({
    baseUrl: '/api',
    token: () => 'secret',
    onUnauthorized: () => undefined,
    fallbackMessage: (status) => `Failed (${status}).`,
    ...overrides,
  });
}

describe('the typed client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the path with its parameters and query under the base URL, with the token, and parses the answer', async () => {
    const sent = stubFetch(() => json(course));
    const { client } = core();
    const answer = await read(client.GET('/courses/{id}', { params: { path: { id: 7 } } }), courseSchema);
    expect(answer.title).toBe('Organic Chemistry');
    await read(
      client.GET('/students', { params: { query: { limit: '6', q: 'a b' } } }),
      pageSchema(studentSchema),
    ).catch(() => undefined);
    expect(sent.map((request) => request.url)).toEqual(['/api/courses/7', '/api/students?limit=6&q=a%20b']);
    expect(new Headers(sent[0]?.init.headers).get('Authorization')).toBe('Bearer secret');
  });

  it('sends a JSON body as text, and a form as it is', async () => {
    const sent = stubFetch(() => json(course, 201));
    const { client } = core();
    await read(client.POST('/courses', { body: { title: 'T', description: 'D' } }), courseSchema);
    const form = new FormData();
    form.append('logo', new Blob(['x']), 'logo.png');
    await read(client.PUT('/settings/institute/logo', { body: formBody(form) }), instituteSettingsSchema).catch(
      () => undefined,
    );
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.body).toBe('{"title":"T","description":"D"}');
    expect(new Headers(sent[0]?.init.headers).get('Content-Type')).toBe('application/json');
    expect(sent[1]?.init.body).toBe(form);
    expect(new Headers(sent[1]?.init.headers).get('Content-Type')).toBeNull();
  });

  it('fails the type check for a path, a parameter or an answer the document does not have', () => {
    const { client } = core();
    // Type-level only: none of these is sent.
    const typeOnly = () => {
      // @ts-expect-error: no such path
      void client.GET('/course/{id}', { params: { path: { id: 7 } } });
      // @ts-expect-error: the parameter is named id
      void client.GET('/courses/{id}', { params: { path: { courseId: 7 } } });
      // @ts-expect-error: a course's detail is not a student
      void read(client.GET('/courses/{id}', { params: { path: { id: 7 } } }), studentSchema);
      void read(client.GET('/courses/{id}', { params: { path: { id: 7 } } }), courseDetailSchema);
    };
    expect(typeOnly).toBeTypeOf('function');
  });

  it("throws the server's message as ApiError, with the answer's body", async () => {
    stubFetch(() => json({ message: 'A course with this title exists.' }, 409));
    const { client } = core();
    const failure = await done(client.POST('/courses', { body: { title: 'T', description: 'D' } })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, message: 'A course with this title exists.' });
    expect((failure as ApiError).body).toEqual({ message: 'A course with this title exists.' });
  });

  it("hands a 401 to the app's own handling", async () => {
    stubFetch(() => json({ message: 'Session ended.' }, 401));
    const onUnauthorized = vi.fn(() => new ApiError(401, 'Signed out here.'));
    const { client } = core({ onUnauthorized });
    await expect(done(client.GET('/me'))).rejects.toMatchObject({ status: 401, message: 'Signed out here.' });
    expect(onUnauthorized).toHaveBeenCalledWith(true, { message: 'Session ended.' });
  });

  it('refuses another success status where only one counts', async () => {
    stubFetch(() => json({}, 200));
    const { client } = core();
    await expect(done(client.DELETE('/settings/institute/logo'), 204)).rejects.toMatchObject({ status: 200 });
  });

  it('adds the app’s headers before the first await, so an action key is taken in order', async () => {
    const sent = stubFetch(() => new Response(null, { status: 204 }));
    let next = 0;
    const { client } = core({ addHeaders: (method, headers) => headers.set('Idempotency-Key', `${method}-${next++}`) });
    const first = done(client.DELETE('/courses/{id}', { params: { path: { id: 1 } } }));
    expect(next).toBe(1);
    await first;
    expect(new Headers(sent[0]?.init.headers).get('Idempotency-Key')).toBe('DELETE-0');
  });
});
