import { formatInTimeZone } from '@valence/contract';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsQueryOptions } from '../features/settings';
import { apiFetch } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { clearSession, writeSession } from '../lib/session';
import { fakeFetch } from '../test/render';
import { courseReadAhead, datesReadAhead } from './read-ahead';

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
    expect(fake.calls.map((call) => call.path)).toEqual(['/courses/12', '/settings']);
    await apiFetch('/courses/12');
    expect(fake.calls).toHaveLength(2);
  });

  it('reads nothing ahead for an address that is not a course id', () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', vi.fn(fake.fn));
    writeSession({ token: 'read-ahead-route-test', roles: ['ROLE_ADMIN'] });
    for (const id of ['abc', '007', '0', '-3', '12345678901']) courseReadAhead.loader(loaderArgs(id));
    expect(fake.calls.filter((call) => call.path !== '/settings')).toEqual([]);
  });

  it('reads again for another course only, not when a list on the page changes the query', () => {
    expect(courseReadAhead.shouldRevalidate(revalidation('12', '12'))).toBe(false);
    expect(courseReadAhead.shouldRevalidate(revalidation('12', '13'))).toBe(true);
  });
});

describe('the settings read ahead of a page with dates', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    queryClient.clear();
  });

  it('reads the settings with the navigation, once a visit, and their zone table then reads the dates', async () => {
    // A table that says Kathmandu keeps UTC: a date shown at UTC shows the table answered, not Intl.
    const from = Date.UTC(2006, 0, 1) / 1000;
    const until = Date.UTC(2047, 0, 1) / 1000;
    const settings = {
      timeZone: 'Asia/Kathmandu',
      maxResourceBytes: 1,
      zoneOffsets: { from, until, changes: [[from, 0]] },
    };
    const fake = fakeFetch({ 'GET /settings': { body: settings } });
    vi.stubGlobal('fetch', vi.fn(fake.fn));
    writeSession({ token: 'read-ahead-settings-test', roles: ['ROLE_ADMIN'] });
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'Asia/Kathmandu')).toBe('2026-11-23 10:15');

    expect(datesReadAhead.loader()).toBeNull();
    expect(fake.calls.map((call) => call.path)).toEqual(['/settings']);
    // The page's own read takes the one already on its way.
    await queryClient.fetchQuery(settingsQueryOptions());
    expect(fake.calls).toHaveLength(1);
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'Asia/Kathmandu')).toBe('2026-11-23 04:30');

    // The next page with dates in the same visit asks for nothing.
    datesReadAhead.loader();
    expect(fake.calls).toHaveLength(1);
  });
});
