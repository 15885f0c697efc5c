import { describe, expect, it } from 'vitest';
import { formatInTimeZone } from './time.js';

describe('formatInTimeZone', () => {
  it('shows a UTC instant in the platform zone (+5 h 30 min for Colombo)', () => {
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'Asia/Colombo')).toBe('2026-11-23 10:00');
    expect(formatInTimeZone('2026-11-23T20:00:00.000Z', 'Asia/Colombo')).toBe('2026-11-24 01:30');
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'UTC')).toBe('2026-11-23 04:30');
  });
  it('gives an empty text for an unreadable date', () => {
    expect(formatInTimeZone('soon', 'UTC')).toBe('');
  });
});
