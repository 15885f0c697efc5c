import { useQuery } from '@tanstack/react-query';
import { rememberZoneOffsets, settingsSchema, type WallClock, wallClockIn } from '@valence/contract';
import { api } from './api';
import { learnKeys } from './query-keys';

/**
 * The platform's time zone (the one tutors set times in), asked once per visit. Its offset table
 * comes with it: from then on its dates are read with arithmetic, not through an Intl date format,
 * whose first use on a page costs a phone a quarter of a second while it loads its zone data.
 */
export function usePlatformZone(): string | undefined {
  return useQuery({
    queryKey: learnKeys.settings,
    queryFn: async () => {
      const settings = await api('/settings', {}, settingsSchema);
      rememberZoneOffsets(settings.timeZone, settings.zoneOffsets);
      return settings;
    },
    staleTime: Number.POSITIVE_INFINITY,
  }).data?.timeZone;
}

// The words en-GB's date format uses (September is "Sept" there), so the text is the same as before.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The device's own clock, which needs no Intl either. */
function deviceWallClock(date: Date): WallClock {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

/** "Thu, 3 Dec 2026, 18:00" in the platform's zone (the device's until that is known). */
export function formatWhen(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const w = timeZone === undefined ? deviceWallClock(date) : wallClockIn(date, timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()];
  return `${weekday}, ${w.day} ${MONTHS[w.month - 1]} ${w.year}, ${two(w.hour)}:${two(w.minute)}`;
}

/**
 * "9:00" when `iso` falls on the same day as `now` in the platform's zone (the device's until that
 * is known), else the whole "Thu, 3 Dec 2026, 09:00": when an exam opens, as its list and page say.
 */
export function formatTimeOfDay(iso: string, now: number, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const wall = (at: Date) => (timeZone === undefined ? deviceWallClock(at) : wallClockIn(at, timeZone));
  const w = wall(date);
  const today = wall(new Date(now));
  if (w.year !== today.year || w.month !== today.month || w.day !== today.day) return formatWhen(iso, timeZone);
  return `${w.hour}:${two(w.minute)}`;
}

/** 120 → "2 h", 90 → "1 h 30 min", 45 → "45 min": a sitting's time limit. */
export function formatLimit(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "2 d 4 h", "3 h 05 min", "12 min", "45 s": what is left until `iso`, or null once it has passed. */
export function timeLeft(iso: string, now: number): string | null {
  const seconds = Math.floor((new Date(iso).getTime() - now) / 1000);
  if (!(seconds > 0)) return null;
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}

/** 760 → "12:40", 3725 → "1:02:05": a playback position as players show it. */
export function clock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
