import { rememberZoneOffsets, type Settings, settingsSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** Shown until the server has answered; the server's TIME_ZONE default. */
const FALLBACK_TIME_ZONE = 'Asia/Colombo';

export async function getSettings(): Promise<Settings> {
  const settings = await read(client.GET('/settings'), settingsSchema);
  // From here on every date of the platform zone is read from this table, not from an Intl format:
  // a page's first Intl format costs a long task while the browser loads its zone data.
  rememberZoneOffsets(settings.timeZone, settings.zoneOffsets);
  return settings;
}

export const [settingsQueryOptions, useSettings] = apiQuery(() => keys.settings, getSettings, {
  staleTime: Number.POSITIVE_INFINITY,
});

/** The platform time zone every date is shown in, whatever the browser's own zone. */
export function usePlatformTimeZone(): string {
  return useSettings().data?.timeZone ?? FALLBACK_TIME_ZONE;
}
