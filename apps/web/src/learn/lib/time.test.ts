import { describe, expect, it } from 'vitest';
import { formatWhen } from './time';

describe('formatWhen', () => {
  it('shows the instant in the zone asked for, each zone with its own formatter', () => {
    const at = '2026-12-03T12:30:00.000Z';
    expect(formatWhen(at, 'Asia/Colombo')).toBe('Thu, 3 Dec 2026, 18:00');
    expect(formatWhen(at, 'UTC')).toBe('Thu, 3 Dec 2026, 12:30');
    expect(formatWhen(at, 'Asia/Colombo')).toBe('Thu, 3 Dec 2026, 18:00');
  });
  it('gives an empty text for an unreadable date', () => {
    expect(formatWhen('soon', 'UTC')).toBe('');
  });
});
