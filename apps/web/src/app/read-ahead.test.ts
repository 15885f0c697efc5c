import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../lib/api-client';
import { clearSession, writeSession } from '../lib/session';
import { fakeFetch } from '../test/render';
import { courseReadAhead } from './read-ahead';

const loaderArgs = (id: string) => ({ params: { id } }) as unknown as LoaderFunctionArgs;
const revalidation = (from: string, to: string) =>
  ({ currentParams: { id: from }, nextParams: { id: to } }) as unknown as ShouldRevalidateFunctionArgs;

describe("the course page's read ahead", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("starts the course page's read of the course, which the page then takes", async () => {
    const fake = fakeFetch({ 'GET /courses/12': { body: { id: 12 } } });
    vi.stubGlobal('fetch', vi.fn(fake.fn));
    writeSession({ token: 'read-ahead-route-test', roles: ['ROLE_ADMIN'] });
    expect(courseReadAhead.loader(loaderArgs('12'))).toBeNull();
    expect(fake.calls.map((call) => call.path)).toEqual(['/courses/12']);
    await apiFetch('/courses/12');
    expect(fake.calls).toHaveLength(1);
  });

  it('reads nothing ahead for an address that is not a course id', () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', vi.fn(fake.fn));
    writeSession({ token: 'read-ahead-route-test', roles: ['ROLE_ADMIN'] });
    for (const id of ['abc', '007', '0', '-3', '12345678901']) courseReadAhead.loader(loaderArgs(id));
    expect(fake.calls).toEqual([]);
  });

  it('reads again for another course only, not when a list on the page changes the query', () => {
    expect(courseReadAhead.shouldRevalidate(revalidation('12', '12'))).toBe(false);
    expect(courseReadAhead.shouldRevalidate(revalidation('12', '13'))).toBe(true);
  });
});
