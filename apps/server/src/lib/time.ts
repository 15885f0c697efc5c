import { wallClockIn } from '@valence/contract';

export const HOUR_MS = 3600 * 1000;

/**
 * Parses an ISO date-time. With Z or an offset it is absolute; without one it is a wall-clock time
 * in the platform time zone (the spec's "local ISO date-time").
 */
export function parseDateTime(value: string, timeZone: string): Date {
  const normalized = value.trim().replace(' ', 'T');
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(normalized)) return new Date(normalized);
  const asUtc = new Date(`${normalized}Z`);
  // The offset of the zone at that instant; one correction step handles DST edges well enough.
  const offset = zoneOffsetMs(asUtc, timeZone);
  const guess = new Date(asUtc.getTime() - offset);
  const offset2 = zoneOffsetMs(guess, timeZone);
  return offset2 === offset ? guess : new Date(asUtc.getTime() - offset2);
}

function zoneOffsetMs(date: Date, timeZone: string): number {
  const w = wallClockIn(date, timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}
