import { rememberZoneOffsets } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { formatLimit, formatTimeOfDay, formatWhen } from './time';

const EN_GB = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
} as const;

describe('formatWhen', () => {
  it('shows the instant in the zone asked for', () => {
    const at = '2026-12-03T12:30:00.000Z';
    expect(formatWhen(at, 'Asia/Colombo')).toBe('Thu, 3 Dec 2026, 18:00');
    expect(formatWhen(at, 'UTC')).toBe('Thu, 3 Dec 2026, 12:30');
    expect(formatWhen(at, 'Asia/Colombo')).toBe('Thu, 3 Dec 2026, 18:00');
  });

  it("writes what en-GB's own date format writes, every month and weekday, either side of midnight", () => {
    for (let month = 0; month < 12; month++) {
      for (const hour of [18, 19]) {
        const date = new Date(Date.UTC(2027, month, 3 + month, hour, 29));
        for (const timeZone of ['Asia/Colombo', 'UTC']) {
          expect(formatWhen(date.toISOString(), timeZone)).toBe(
            new Intl.DateTimeFormat('en-GB', { ...EN_GB, timeZone }).format(date),
          );
        }
      }
    }
  });

  it("shows the device's clock until the platform zone is known", () => {
    const date = new Date(Date.UTC(2027, 8, 30, 23, 59));
    expect(formatWhen(date.toISOString())).toBe(new Intl.DateTimeFormat('en-GB', EN_GB).format(date));
  });

  it('reads a zone from the offset table the settings brought, not from Intl', () => {
    // A table that says Kathmandu keeps UTC: the text at UTC shows the table answered.
    const from = Date.UTC(2006, 0, 1) / 1000;
    rememberZoneOffsets('Asia/Kathmandu', { from, until: Date.UTC(2047, 0, 1) / 1000, changes: [[from, 0]] });
    expect(formatWhen('2027-07-01T17:00:00.000Z', 'Asia/Kathmandu')).toBe('Thu, 1 Jul 2027, 17:00');
  });

  it('gives an empty text for an unreadable date', () => {
    expect(formatWhen('soon', 'UTC')).toBe('');
  });
});

describe('formatLimit and formatTimeOfDay', () => {
  it('says a time limit as the exam page and its Start button do', () => {
    expect(formatLimit(120)).toBe('2 h');
    expect(formatLimit(90)).toBe('1 h 30 min');
    expect(formatLimit(45)).toBe('45 min');
    expect(formatLimit(1)).toBe('1 min');
  });

  it('gives the hour alone on the same day in the platform zone, else the whole date', () => {
    const nineInColombo = '2026-12-03T03:30:00.000Z';
    expect(formatTimeOfDay(nineInColombo, Date.parse('2026-12-03T03:18:00.000Z'), 'Asia/Colombo')).toBe('9:00');
    // 23:00 UTC the evening before is already the 3rd in Colombo.
    expect(formatTimeOfDay(nineInColombo, Date.parse('2026-12-02T23:00:00.000Z'), 'Asia/Colombo')).toBe('9:00');
    expect(formatTimeOfDay(nineInColombo, Date.parse('2026-12-02T12:00:00.000Z'), 'Asia/Colombo')).toBe(
      'Thu, 3 Dec 2026, 09:00',
    );
  });
});
