import { describe, expect, it } from 'vitest';
import { formatScore, partialTotalNote, scoreOutOf } from './format';

describe('score formatting', () => {
  it('shows two decimals, rounding as written in decimal', () => {
    expect(formatScore(85)).toBe('85.00');
    expect(formatScore(42.175)).toBe('42.18');
    expect(formatScore(1.005)).toBe('1.01');
    expect(formatScore(0)).toBe('0.00');
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
