import { type Settings, settingsSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** Shown until the server has answered; the server's TIME_ZONE default. */
const FALLBACK_TIME_ZONE = 'Asia/Colombo';

export function getSettings(): Promise<Settings> {
  return apiFetch('/settings', {}, settingsSchema);
}

export const [settingsQueryOptions, useSettings] = apiQuery(() => keys.settings, getSettings, {
  staleTime: Number.POSITIVE_INFINITY,
});

/** The platform time zone every date is shown in, whatever the browser's own zone. */
export function usePlatformTimeZone(): string {
  return useSettings().data?.timeZone ?? FALLBACK_TIME_ZONE;
}
