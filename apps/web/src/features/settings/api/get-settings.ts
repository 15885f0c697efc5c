import { prepareWallClock, type Settings, settingsSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** Shown until the server has answered; the server's TIME_ZONE default. */
const FALLBACK_TIME_ZONE = 'Asia/Colombo';

export function getSettings(): Promise<Settings> {
  const answer = apiFetch('/settings', {}, settingsSchema);
  // Every page that asks for the time zone shows dates, and a page's first date format is slow to
  // build (see prepareWallClock): build it in a task of its own while the answers are on the way.
  setTimeout(() => prepareWallClock(FALLBACK_TIME_ZONE), 0);
  return answer;
}

export const [settingsQueryOptions, useSettings] = apiQuery(() => keys.settings, getSettings, {
  staleTime: Number.POSITIVE_INFINITY,
});

/** The platform time zone every date is shown in, whatever the browser's own zone. */
export function usePlatformTimeZone(): string {
  return useSettings().data?.timeZone ?? FALLBACK_TIME_ZONE;
}
