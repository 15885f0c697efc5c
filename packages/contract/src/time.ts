import { z } from 'zod';

/**
 * The years a date may name. Nothing the platform records (a lecture, a due date, a viewing) lies
 * outside them, and a year such as 0050 is a slip of the keyboard; below 100 the engines also read
 * years as 19xx, and PostgreSQL refuses some of them, so such a date would be stored as another.
 */
export const DATE_YEARS = { first: 1900, last: 2100 } as const;

/** What the schemas answer, after the field's name (`liveAt: …`). */
export const DATE_MESSAGES = {
  dayFormat: 'Invalid date format. Please use YYYY-MM-DD.',
  dateTimeFormat: 'Invalid date format. Please use YYYY-MM-DDTHH:mm.',
  day: `Enter a real date between ${DATE_YEARS.first} and ${DATE_YEARS.last}.`,
  dateTime: `Enter a real date and time between ${DATE_YEARS.first} and ${DATE_YEARS.last}.`,
  offset: 'Enter a time-zone offset between -23:59 and +23:59, or Z.',
} as const;

/** Why a text is no date: its shape, the day it names (out of range or not on the calendar), its offset. */
export type DateProblem = 'format' | 'date' | 'offset';
export type Reading<T> = { ok: true; value: T } | { ok: false; problem: DateProblem };
export type DayParts = { year: number; month: number; day: number };
export type DateTimeParts = DayParts & {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC as written (`Z` is 0); null for a wall-clock time in the platform zone. */
  offsetMinutes: number | null;
};

// The shape alone; whether the day exists is zod's ISO date check, which knows leap years.
const DAY_SHAPE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const DATE_TIME_SHAPE =
  /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;
const calendarDaySchema = z.iso.date();

function dayParts(text: string): DayParts | null {
  const year = Number(text.slice(0, 4));
  if (year < DATE_YEARS.first || year > DATE_YEARS.last || !calendarDaySchema.safeParse(text).success) return null;
  return { year, month: Number(text.slice(5, 7)), day: Number(text.slice(8, 10)) };
}

/** `YYYY-MM-DD`, a day that exists between the first and last of DATE_YEARS. */
export function readDay(text: string): Reading<DayParts> {
  const day = text.trim();
  if (!DAY_SHAPE.test(day)) return { ok: false, problem: 'format' };
  const parts = dayParts(day);
  return parts ? { ok: true, value: parts } : { ok: false, problem: 'date' };
}

function offsetMinutes(zone: string): number | null {
  if (zone === 'Z') return 0;
  const [, sign, hours, minutes] = OFFSET.exec(zone) ?? [];
  const h = Number(hours);
  const m = Number(minutes);
  if (!(h <= 23 && m <= 59)) return null;
  return (sign === '-' ? -1 : 1) * (h * 60 + m);
}

/**
 * ISO 8601 `YYYY-MM-DDTHH:mm`, with optional seconds and milliseconds, `T` or a space, and an
 * optional `Z` or `±HH:mm` / `±HHmm` offset; the day as `readDay` takes it.
 */
export function readDateTime(text: string): Reading<DateTimeParts> {
  const match = DATE_TIME_SHAPE.exec(text.trim());
  if (!match) return { ok: false, problem: 'format' };
  const [, day = '', hour, minute, second = '0', fraction = '', zone] = match;
  const parts = dayParts(day);
  if (!parts) return { ok: false, problem: 'date' };
  const offset = zone === undefined ? null : offsetMinutes(zone);
  if (zone !== undefined && offset === null) return { ok: false, problem: 'offset' };
  return {
    ok: true,
    value: {
      ...parts,
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second),
      millisecond: Number(fraction.padEnd(3, '0')),
      offsetMinutes: offset,
    },
  };
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** How many zones one kept format holds before it starts again. */
const KEPT_ZONES = 32;

/**
 * A date format kept per time zone: building an Intl.DateTimeFormat costs far more than formatting
 * with it, and a list of dates in one zone would otherwise build one per date. Zones are few (the
 * platform's, and those the server reads tables for); the bound only guards against a caller looping
 * over many. An unknown zone throws RangeError every time, as Intl does, and nothing is kept for it.
 */
function formatPerZone(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const kept = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = kept.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      if (kept.size >= KEPT_ZONES) kept.clear();
      kept.set(timeZone, format);
    }
    return format;
  };
}

const wallClockFormat = formatPerZone('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * A time zone's offsets from UTC over a span of years, read once by the server with Intl and sent
 * with the settings. A browser's first Intl date format on a page loads its locale and zone data
 * (about 60 ms on a laptop, four times that on a phone, all in one task); with this table a page
 * reads wall clocks with arithmetic and never builds one. Times in epoch seconds: `changes` holds
 * [instant, offset] pairs, the first at `from`, each offset holding until the next change; outside
 * `from` … `until` the table says nothing and Intl answers.
 */
export const zoneOffsetsSchema = z
  .object({
    from: z.number().int(),
    until: z.number().int(),
    changes: z.array(z.tuple([z.number().int(), z.number().int()])).min(1),
  })
  .refine(
    ({ from, until, changes }) =>
      changes[0]?.[0] === from &&
      changes.every(([at], i) => at < until && (i === 0 || at > (changes[i - 1]?.[0] ?? at))),
    { message: 'The changes must start at `from`, rise, and end before `until`.' },
  );
export type ZoneOffsets = z.infer<typeof zoneOffsetsSchema>;

/** Zones whose offset table this page has (`rememberZoneOffsets`), by name. */
const knownOffsets = new Map<string, ZoneOffsets>();

/** Lets `wallClockIn` read this zone from `offsets` rather than from an Intl date format. */
export function rememberZoneOffsets(timeZone: string, offsets: ZoneOffsets): void {
  knownOffsets.set(timeZone, offsets);
}

/** The zone's offset in seconds at an instant (epoch seconds), when a remembered table covers it. */
function knownOffsetAt(timeZone: string, seconds: number): number | undefined {
  const table = knownOffsets.get(timeZone);
  if (!table || !(seconds >= table.from && seconds < table.until)) return undefined;
  const { changes } = table;
  // The last change at or before `seconds`: the first one is at `from`, so there is one.
  let low = 0;
  let high = changes.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((changes[middle]?.[0] ?? Number.POSITIVE_INFINITY) <= seconds) low = middle;
    else high = middle - 1;
  }
  return changes[low]?.[1];
}

function intlWallClockIn(date: Date, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The wall-clock reading of an instant in a time zone: from its remembered offsets, else from Intl. */
export function wallClockIn(date: Date, timeZone: string): WallClock {
  const seconds = Math.floor(date.getTime() / 1000);
  const offset = knownOffsetAt(timeZone, seconds);
  if (offset === undefined) return intlWallClockIn(date, timeZone);
  const shifted = new Date((seconds + offset) * 1000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** How far apart `zoneOffsetsOf` samples: no zone has changed its offset twice within two days since 1970. */
const OFFSET_SAMPLE_SECONDS = 2 * 86_400;

/**
 * The zone's offset table from `from` to `until` (epoch seconds), read with Intl: sampled every two
 * days, each change then found to the second by halving. An unknown zone throws RangeError.
 */
export function zoneOffsetsOf(timeZone: string, from: number, until: number): ZoneOffsets {
  // Intl's own reading: a table remembered for the zone must not answer while it is being made.
  const offsetAt = (seconds: number) => zoneOffsetMs(seconds * 1000, timeZone, intlWallClockIn) / 1000;
  let current = offsetAt(from);
  const changes: [number, number][] = [[from, current]];
  const last = until - 1;
  let known = from;
  let probe = Math.min(from + OFFSET_SAMPLE_SECONDS, last);
  while (known < last) {
    if (offsetAt(probe) === current) {
      known = probe;
      probe = Math.min(probe + OFFSET_SAMPLE_SECONDS, last);
      continue;
    }
    // The offset at `known` is `current`, at `probe` it is not: halve until they are a second apart.
    let low = known;
    let high = probe;
    while (high - low > 1) {
      const middle = low + Math.floor((high - low) / 2);
      if (offsetAt(middle) === current) low = middle;
      else high = middle;
    }
    current = offsetAt(high);
    changes.push([high, current]);
    // Another change may lie between this one and the probe: the same probe is asked again.
    known = high;
  }
  return { from, until, changes };
}

/** How far the zone's clocks are ahead of UTC at that instant (historical offsets carry seconds). */
function zoneOffsetMs(instant: number, timeZone: string, read = wallClockIn): number {
  const w = read(new Date(instant), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a date-time names: with its own offset when it has one, else as a wall-clock time in
 * `timeZone`. Only for text a schema here has passed; anything else throws, as a mistake in the code.
 */
export function instantOf(text: string, timeZone: string): Date {
  const read = readDateTime(text);
  if (!read.ok) throw new RangeError(`${JSON.stringify(text)} is not a date-time the contract takes.`);
  const { year, month, day, hour, minute, second, millisecond, offsetMinutes } = read.value;
  // Date.UTC, not the Date parser: the parser reads some short forms of years below 100 as 19xx.
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  if (offsetMinutes !== null) return new Date(wall - offsetMinutes * 60_000);
  // The zone's offset at a first guess, then at the instant it gives: one correction step
  // settles a guess that fell on the other side of a DST change.
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone));
}

const issue = (field: string, sentence: string) => `${field}: ${sentence}`;

/** A calendar day `YYYY-MM-DD` in the field `field`; every refusal names it. */
export function daySchema(field: string) {
  const format = issue(field, DATE_MESSAGES.dayFormat);
  return z
    .string({ message: format })
    .trim()
    .superRefine((value, ctx) => {
      const read = readDay(value);
      if (!read.ok) {
        ctx.addIssue({ code: 'custom', message: read.problem === 'format' ? format : issue(field, DATE_MESSAGES.day) });
      }
    });
}

/**
 * A date-time in the field `field` (see `readDateTime`): with an offset or Z it is absolute; without
 * one the server reads it in the platform time zone (`instantOf`). Every refusal names the field,
 * unless `format` gives other words for a text of the wrong shape, or `required` for one missing or blank.
 */
export function dateTimeSchema(field: string, options: { format?: string; required?: string } = {}) {
  const format = options.format ?? issue(field, DATE_MESSAGES.dateTimeFormat);
  const required = options.required ?? format;
  const problems: Record<DateProblem, string> = {
    format,
    date: issue(field, DATE_MESSAGES.dateTime),
    offset: issue(field, DATE_MESSAGES.offset),
  };
  return z
    .string({ message: required })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return;
      }
      const read = readDateTime(value);
      if (!read.ok) ctx.addIssue({ code: 'custom', message: problems[read.problem] });
    });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'YYYY-MM-DD HH:mm' of an instant in a time zone: times are stored in UTC and shown in the
 * platform's zone, whatever zone the browser is in.
 */
export function formatInTimeZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const w = wallClockIn(date, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}
