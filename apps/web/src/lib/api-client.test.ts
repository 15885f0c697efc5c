import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/render';
import { apiFetch, readAhead } from './api-client';
import { clearSession, writeSession } from './session';

const course = { id: 7, title: 'Organic Chemistry' };
// Tokens of this file only: a read ahead left untaken must not serve another file's test.
const signIn = (token: string) => writeSession({ token: `read-ahead-test-${token}`, roles: ['ROLE_ADMIN'] });

describe('reading ahead', () => {
  let fake: ReturnType<typeof fakeFetch>;
  const reads = () => fake.calls.filter((call) => call.method === 'GET' && call.path === '/courses/7').length;

  beforeEach(() => {
    fake = fakeFetch({ 'GET /courses/7': { body: course }, 'POST /courses/7': { body: {} } });
    vi.stubGlobal('fetch', vi.fn(fake.fn));
    signIn('a');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearSession();
  });

  it("hands its answer to the page's read of the same path: one request", async () => {
    readAhead('/courses/7');
    expect(await apiFetch('/courses/7')).toEqual(course);
    expect(reads()).toBe(1);
    // Once only: the next read asks the server again.
    await apiFetch('/courses/7');
    expect(reads()).toBe(2);
  });

  it('is not taken by another session', async () => {
    readAhead('/courses/7');
    signIn('b');
    await apiFetch('/courses/7');
    expect(reads()).toBe(2);
    const asked = vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));
    expect(asked).toEqual(['Bearer read-ahead-test-a', 'Bearer read-ahead-test-b']);
  });

  it('is dropped after ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    readAhead('/courses/7');
    vi.setSystemTime(Date.now() + 10_001);
    await apiFetch('/courses/7');
    expect(reads()).toBe(2);
  });

  it('serves reads only: a POST to the path asks the server', async () => {
    readAhead('/courses/7');
    await apiFetch('/courses/7', { method: 'POST', body: {} });
    expect(fake.calls.map((call) => call.method)).toEqual(['GET', 'POST']);
    await apiFetch('/courses/7');
    expect(reads()).toBe(1);
  });

  it("falls back to the page's own read when it failed", async () => {
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    readAhead('/courses/7');
    expect(await apiFetch('/courses/7')).toEqual(course);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2);
  });

  it('does nothing when signed out', () => {
    clearSession();
    readAhead('/courses/7');
    expect(fetch).not.toHaveBeenCalled();
  });
});
