import { type Settings, zoneOffsetsOf } from '@valence/contract';

/** What `GET /settings` answers for a platform in `timeZone`: the zone's real offset table, 2006–2046. */
export function settingsBody(timeZone: string): Settings {
  const from = Date.UTC(2006, 0, 1) / 1000;
  const until = Date.UTC(2047, 0, 1) / 1000;
  return { timeZone, maxResourceBytes: 5 * 1024 ** 3, zoneOffsets: zoneOffsetsOf(timeZone, from, until) };
}
