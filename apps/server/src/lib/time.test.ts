import { describe, expect, it } from 'vitest';
import { parseDateTime } from './time.js';

describe('parseDateTime', () => {
  it('keeps absolute times as they are', () => {
    expect(parseDateTime('2026-01-01T00:00:00Z', 'Asia/Colombo').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parseDateTime('2026-01-01T05:30:00+05:30', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
  it('reads wall-clock times in the given zone, including across DST', () => {
    expect(parseDateTime('2026-01-01T05:30', 'Asia/Colombo').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parseDateTime('2026-07-01 12:00:00', 'Europe/London').toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(parseDateTime('2026-01-01T12:00', 'Europe/London').toISOString()).toBe('2026-01-01T12:00:00.000Z');
  });
});
