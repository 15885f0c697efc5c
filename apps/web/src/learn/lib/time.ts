import { useQuery } from '@tanstack/react-query';
import { rememberZoneOffsets, settingsSchema, type WallClock, wallClockIn } from '@valence/contract';
import { client, read } from './api';
import { currentLanguage, i18next } from './i18n';
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
      const settings = await read(client.GET('/settings'), settingsSchema);
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

/** Intl's date formats by language and zone, made once each (making one costs more than using it). */
const formats = new Map<string, Intl.DateTimeFormat>();

function intlWhen(date: Date, language: string, timeZone: string | undefined): string {
  const key = `${language} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  return format.format(date);
}

/**
 * "Thu, 3 Dec 2026, 18:00" in the platform's zone (the device's until that is known), in the app's
 * language. Sinhala and Tamil go through Intl (their month and day names, their order); English keeps
 * the arithmetic below, which writes en-GB's words without loading Intl's data on a first screen.
 */
export function formatWhen(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const language = currentLanguage();
  if (language !== 'en' && intlKnows(language)) return intlWhen(date, language, timeZone);
  const w = timeZone === undefined ? deviceWallClock(date) : wallClockIn(date, timeZone);
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  if (language !== 'en') return packWhen(w, day);
  return `${WEEKDAYS[day]}, ${w.day} ${MONTHS[w.month - 1]} ${w.year}, ${two(w.hour)}:${two(w.minute)}`;
}

/**
 * Whether this browser's Intl has the language's dates: some builds leave Sinhala out (Debian's
 * Chromium answers `supportedLocalesOf('si')` with nothing and writes "M12" and English day names).
 */
const intlKnows = (language: string) => Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0;

/** The date in the pack's own words and order (`time.when`), for a browser whose Intl lacks them. */
function packWhen(w: WallClock, weekday: number): string {
  return i18next.t('time.when', {
    year: w.year,
    month: i18next.t('time.months').split('|')[w.month - 1],
    day: w.day,
    weekday: i18next.t('time.weekdays').split('|')[weekday],
    time: `${two(w.hour)}:${two(w.minute)}`,
  });
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

/** A number as the app's language writes it ("41.5"; Sinhala and Tamil use the same digits). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(value);
}

// "2 h", "45 min" in the app's language (the packs' `time.*`).
const days = (n: number | string) => i18next.t('time.days', { n });
const hours = (n: number | string) => i18next.t('time.hours', { n });
const mins = (n: number | string) => i18next.t('time.minutes', { n });
const secs = (n: number | string) => i18next.t('time.seconds', { n });

/** 120 → "2 h", 90 → "1 h 30 min", 45 → "45 min": a sitting's time limit. */
export function formatLimit(minutes: number): string {
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (whole === 0) return mins(rest);
  return rest === 0 ? hours(whole) : `${hours(whole)} ${mins(rest)}`;
}

/** "2 d 4 h", "3 h 05 min", "12 min", "45 s": what is left until `iso`, or null once it has passed. */
export function timeLeft(iso: string, now: number): string | null {
  const seconds = Math.floor((new Date(iso).getTime() - now) / 1000);
  if (!(seconds > 0)) return null;
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${days(d)} ${hours(h)}`;
  if (h > 0) return `${hours(h)} ${mins(String(m).padStart(2, '0'))}`;
  if (m > 0) return mins(m);
  return secs(seconds);
}

/** 760 → "12:40", 3725 → "1:02:05": a playback position as players show it. */
export function clock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
