import { describe, expect, it } from 'vitest';
import { combinedTotalScore, mcqPercentage, mcqScoreOutOf50 } from './scores.js';

describe('score formula', () => {
  it('adds the MCQ mark and half the PART II mark: 40 and 90 give 85', () => {
    expect(combinedTotalScore(40, 90)).toBe(85);
  });
  it('keeps a missing part absent rather than zero', () => {
    expect(combinedTotalScore(null, null)).toBeNull();
    expect(combinedTotalScore(30, null)).toBe(30);
    expect(combinedTotalScore(undefined, 60)).toBe(30);
  });
  it('scales MCQ to 50 marks and the percentage to 100', () => {
    expect(mcqScoreOutOf50(50, 50)).toBe(50);
    expect(mcqScoreOutOf50(7, 10)).toBe(35);
    expect(mcqPercentage(7, 10)).toBe(70);
    expect(mcqScoreOutOf50(3, 0)).toBe(0);
  });
});
