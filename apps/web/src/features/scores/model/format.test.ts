import { describe, expect, it } from 'vitest';
import { formatScore, partialTotalNote, scoreOutOf } from './format';

describe('score formatting', () => {
  // 42.175 and 1.005 are stored just below themselves: `toFixed` would show 42.17 and 1.00.
  it.each([
    [85, '85.00'],
    [42.175, '42.18'],
    [1.005, '1.01'],
    [0, '0.00'],
  ])('shows %s with two decimals, rounding as written in decimal: %s', (score, shown) => {
    expect(formatScore(score)).toBe(shown);
  });

  it('shows an absent mark as a dash, never as zero', () => {
    expect(formatScore(null)).toBe('—');
    expect(formatScore(undefined)).toBe('—');
    expect(scoreOutOf(null, 50)).toBe('—');
    expect(scoreOutOf(40, 50)).toBe('40.00 / 50');
  });

  it('names the missing part of a half-done total', () => {
    expect(partialTotalNote(40, null)).toBe('MCQ only');
    expect(partialTotalNote(null, 90)).toBe('PART II only');
    expect(partialTotalNote(40, 90)).toBeNull();
    expect(partialTotalNote(null, null)).toBeNull();
  });
});
