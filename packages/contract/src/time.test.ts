import { describe, expect, it } from 'vitest';
import {
  DATE_MESSAGES,
  dateTimeSchema,
  daySchema,
  formatInTimeZone,
  instantOf,
  readDateTime,
  readDay,
  rememberZoneOffsets,
  wallClockIn,
  zoneOffsetsOf,
  zoneOffsetsSchema,
} from './time.js';

describe('formatInTimeZone', () => {
  it('shows a UTC instant in the platform zone (+5 h 30 min for Colombo)', () => {
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'Asia/Colombo')).toBe('2026-11-23 10:00');
    expect(formatInTimeZone('2026-11-23T20:00:00.000Z', 'Asia/Colombo')).toBe('2026-11-24 01:30');
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'UTC')).toBe('2026-11-23 04:30');
  });
  it('gives an empty text for an unreadable date', () => {
    expect(formatInTimeZone('soon', 'UTC')).toBe('');
  });
  it('keeps each zone apart when formatters are reused, and past the number of zones it keeps', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 40);
    const at = '2026-11-23T04:30:00.000Z';
    const first = zones.map((zone) => formatInTimeZone(at, zone));
    // Interleaved, with Colombo between each: a formatter handed to the wrong zone would show.
    const again = zones.map((zone) => {
      expect(formatInTimeZone(at, 'Asia/Colombo')).toBe('2026-11-23 10:00');
      return formatInTimeZone(at, zone);
    });
    expect(again).toEqual(first);
    expect(formatInTimeZone(at, 'Pacific/Kiritimati')).toBe('2026-11-23 18:30');
  });
  it('refuses an unknown zone every time, not only the first', () => {
    expect(() => instantOf('2026-11-23 10:00', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => instantOf('2026-11-23 10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

/** Counts the Intl date formats built while `run` runs. */
function formatsBuiltDuring(run: () => void): number {
  const Real = Intl.DateTimeFormat;
  let built = 0;
  class Counting extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args);
      built += 1;
    }
  }
  Object.defineProperty(Intl, 'DateTimeFormat', { value: Counting, configurable: true, writable: true });
  try {
    run();
  } finally {
    Object.defineProperty(Intl, 'DateTimeFormat', { value: Real, configurable: true, writable: true });
  }
  return built;
}

describe('zone offset tables', () => {
  const from = Date.UTC(2006, 0, 1) / 1000;
  const until = Date.UTC(2047, 0, 1) / 1000;

  it('finds each change of offset to the second', () => {
    // Colombo moved from +06:00 to +05:30 at 00:30 local on 15 April 2006, and has not changed since.
    expect(zoneOffsetsOf('Asia/Colombo', from, until).changes).toEqual([
      [from, 6 * 3600],
      [Date.UTC(2006, 3, 14, 18, 30) / 1000, 5.5 * 3600],
    ]);
    // London: summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last of October.
    const london = zoneOffsetsOf('Europe/London', from, until).changes;
    expect(london).toContainEqual([Date.UTC(2026, 2, 29, 1) / 1000, 3600]);
    expect(london).toContainEqual([Date.UTC(2026, 9, 25, 1) / 1000, 0]);
    expect(london).toHaveLength(1 + 2 * 41);
  });

  it.each(['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Africa/Casablanca', 'America/Sao_Paulo'])(
    'reads %s from its table as Intl does, and builds no date format for it',
    (zone) => {
      const table = zoneOffsetsOf(zone, from, until);
      // Each change and the seconds either side of it, and instants spread over the span.
      const instants = table.changes.flatMap(([at]) => [at - 1, at, at + 1]).filter((at) => at >= from);
      for (let at = from; at < until; at += 86_400 * 17 + 3_607) instants.push(at);
      const dates = instants.map((at) => new Date(at * 1000 + 999));
      const expected = dates.map((date) => wallClockIn(date, zone));
      rememberZoneOffsets(zone, zoneOffsetsSchema.parse(table));
      let read: ReturnType<typeof wallClockIn>[] = [];
      expect(formatsBuiltDuring(() => (read = dates.map((date) => wallClockIn(date, zone))))).toBe(0);
      expect(read).toEqual(expected);
    },
  );

  it('answers from the table inside its span only, and from Intl outside it', () => {
    // A table that says Kathmandu keeps UTC shows that the table, not Intl, answered.
    rememberZoneOffsets('Asia/Kathmandu', { from, until, changes: [[from, 0]] });
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'Asia/Kathmandu')).toBe('2026-11-23 04:30');
    expect(formatInTimeZone('2005-12-31T23:59:59.000Z', 'Asia/Kathmandu')).toBe('2006-01-01 05:44');
    expect(formatInTimeZone('2047-01-01T00:00:00.000Z', 'Asia/Kathmandu')).toBe('2047-01-01 05:45');
    // A zone without a table still goes to Intl.
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'Asia/Dhaka')).toBe('2026-11-23 10:30');
  });

  it('refuses a table whose changes do not start at its beginning, do not rise or run past its end', () => {
    const takes = (changes: [number, number][]) => zoneOffsetsSchema.safeParse({ from, until, changes }).success;
    expect(takes([[from + 1, 0]])).toBe(false);
    expect(takes([])).toBe(false);
    expect(
      takes([
        [from, 0],
        [from + 9, 3600],
        [from + 5, 0],
      ]),
    ).toBe(false);
    expect(
      takes([
        [from, 0],
        [until, 3600],
      ]),
    ).toBe(false);
    expect(
      takes([
        [from, 0],
        [from + 9, 3600],
      ]),
    ).toBe(true);
  });
});

describe('readDay', () => {
  it.each(['1900-01-01', '2100-12-31', '2024-02-29', '2000-02-29', ' 2026-03-01 '])('reads %j', (text) => {
    expect(readDay(text).ok).toBe(true);
  });

  it('answers the parts of the day', () => {
    expect(readDay('2024-02-29')).toEqual({ ok: true, value: { year: 2024, month: 2, day: 29 } });
  });

  it.each([
    '0000-01-01',
    '0001-01-01',
    '0050-06-01',
    '0099-12-31',
    '0100-01-01',
    '1899-12-31',
    '2101-01-01',
    '9999-12-31',
    '2026-02-29',
    '1900-02-29',
    '2100-02-29',
    '2026-04-31',
  ])('refuses %s as no real date in range', (text) => {
    expect(readDay(text)).toEqual({ ok: false, problem: 'date' });
  });

  it.each(['', '2026-1-1', '01-03-2026', '2026-13-01', '2026-00-10', '2026-01-32', '20260-01-01', '2026-01-01T00:00'])(
    'refuses %j as not shaped YYYY-MM-DD',
    (text) => {
      expect(readDay(text)).toEqual({ ok: false, problem: 'format' });
    },
  );
});

describe('readDateTime', () => {
  it('reads a wall-clock time, seconds and milliseconds optional, T or a space', () => {
    expect(readDateTime('2026-11-23T10:00')).toEqual({
      ok: true,
      value: { year: 2026, month: 11, day: 23, hour: 10, minute: 0, second: 0, millisecond: 0, offsetMinutes: null },
    });
    expect(readDateTime('2026-11-23 09:30:15.5')).toMatchObject({
      ok: true,
      value: { hour: 9, minute: 30, second: 15, millisecond: 500, offsetMinutes: null },
    });
  });

  it('reads Z and offsets with or without the colon', () => {
    expect(readDateTime('2026-11-23T10:00Z')).toMatchObject({ value: { offsetMinutes: 0 } });
    expect(readDateTime('2026-11-23T10:00:00+05:30')).toMatchObject({ value: { offsetMinutes: 330 } });
    expect(readDateTime('2026-11-23T10:00-0400')).toMatchObject({ value: { offsetMinutes: -240 } });
    expect(readDateTime('2026-11-23T10:00+23:59')).toMatchObject({ value: { offsetMinutes: 1439 } });
  });

  it.each([
    '0050-06-01T12:00',
    '0050-06-01T12:00Z',
    '0001-06-01T12:00Z',
    '0100-01-01T00:00',
    '1899-12-31T23:59',
    '2101-01-01T00:00Z',
    '2026-02-29T00:00',
  ])('refuses %s as no real date in range', (text) => {
    expect(readDateTime(text)).toEqual({ ok: false, problem: 'date' });
  });

  it.each(['2026-01-01T00:00+9999', '2026-01-01T00:00+24:00', '2026-01-01T00:00-05:60'])(
    'refuses the offset of %s',
    (text) => {
      expect(readDateTime(text)).toEqual({ ok: false, problem: 'offset' });
    },
  );

  it.each([
    'tomorrow',
    '01/12/2026 10:00',
    '2026-13-45T10:00',
    '2026-01-01',
    '2026-01-01T24:00',
    '2026-01-01T10:60',
    '2026-01-01T10:00:00.1234',
    '2026-01-01T10:00z',
    '2026-01-01T10:00+5',
  ])('refuses %j as not shaped YYYY-MM-DDTHH:mm', (text) => {
    expect(readDateTime(text)).toEqual({ ok: false, problem: 'format' });
  });
});

describe('instantOf', () => {
  it('keeps absolute times as they are', () => {
    expect(instantOf('2026-01-01T00:00:00Z', 'Asia/Colombo').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(instantOf('2026-01-01T05:30:00+05:30', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(instantOf('2026-01-01T05:30+0530', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(instantOf('1900-01-01T00:00Z', 'Asia/Colombo').toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(instantOf('2100-12-31T23:59:59.999Z', 'UTC').toISOString()).toBe('2100-12-31T23:59:59.999Z');
  });

  it('reads wall-clock times in the given zone, including across DST and historical offsets', () => {
    expect(instantOf('2026-01-01T05:30', 'Asia/Colombo').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(instantOf('2026-07-01 12:00:00', 'Europe/London').toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(instantOf('2026-01-01T12:00', 'Europe/London').toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(instantOf('2024-02-29T10:00', 'Asia/Colombo').toISOString()).toBe('2024-02-29T04:30:00.000Z');
    // Colombo kept its mean solar time, +05:19:32, until 1906.
    expect(instantOf('1900-01-01T00:00', 'Asia/Colombo').toISOString()).toBe('1899-12-31T18:40:28.000Z');
    expect(instantOf('2100-12-31T23:59:59.999', 'Asia/Colombo').toISOString()).toBe('2100-12-31T18:29:59.999Z');
  });

  it('throws for text the schemas would have refused', () => {
    expect(() => instantOf('0050-06-01T12:00Z', 'UTC')).toThrow(RangeError);
    expect(() => instantOf('2026-01-01T00:00+9999', 'UTC')).toThrow(RangeError);
  });
});

const messageOf =
  (schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } }) => (value: unknown) =>
    schema.safeParse(value).error?.issues[0]?.message;

describe('daySchema', () => {
  const check = messageOf(daySchema('from'));
  it('passes a real day and names the field otherwise', () => {
    expect(check('2024-02-29')).toBeUndefined();
    expect(check('0001-01-01')).toBe(`from: ${DATE_MESSAGES.day}`);
    expect(check('2026-02-29')).toBe(`from: ${DATE_MESSAGES.day}`);
    expect(check('01-03-2026')).toBe(`from: ${DATE_MESSAGES.dayFormat}`);
    expect(check(20260301)).toBe(`from: ${DATE_MESSAGES.dayFormat}`);
  });
  it('says which years it takes', () => {
    expect(DATE_MESSAGES.day).toBe('Enter a real date between 1900 and 2100.');
  });
});

describe('dateTimeSchema', () => {
  const check = messageOf(dateTimeSchema('liveAt'));
  it('passes a real date-time and names the field otherwise', () => {
    expect(check('2100-12-31T23:59')).toBeUndefined();
    expect(check('0050-06-01T12:00')).toBe('liveAt: Enter a real date and time between 1900 and 2100.');
    expect(check('2026-01-01T00:00+9999')).toBe(`liveAt: ${DATE_MESSAGES.offset}`);
    expect(check('tomorrow')).toBe('liveAt: Invalid date format. Please use YYYY-MM-DDTHH:mm.');
    expect(check(undefined)).toBe('liveAt: Invalid date format. Please use YYYY-MM-DDTHH:mm.');
  });
  it('trims the text it passes on', () => {
    expect(dateTimeSchema('liveAt').parse(' 2026-01-01T10:00 ')).toBe('2026-01-01T10:00');
  });
  it('takes a sentence of its own for a value missing or blank, and keeps naming the field otherwise', () => {
    const live = messageOf(dateTimeSchema('Live At', { required: 'Please provide both dates.' }));
    expect(live(undefined)).toBe('Please provide both dates.');
    expect(live('')).toBe('Please provide both dates.');
    expect(live('  ')).toBe('Please provide both dates.');
    expect(live('tomorrow')).toBe('Live At: Invalid date format. Please use YYYY-MM-DDTHH:mm.');
  });
  it('takes a form of words of its own for a text of the wrong shape', () => {
    const exam = messageOf(dateTimeSchema('dueDate', { format: 'Invalid date format. Please use YYYY-MM-DDTHH:mm.' }));
    expect(exam('01/12/2026')).toBe('Invalid date format. Please use YYYY-MM-DDTHH:mm.');
    expect(exam('0001-01-01T00:00')).toBe('dueDate: Enter a real date and time between 1900 and 2100.');
  });
});
