import { describe, expect, it } from 'vitest';
import { clampSegments, mergeSegments, unionLength } from './segments.js';

describe('mergeSegments', () => {
  it('joins overlapping and touching ranges and keeps gaps, in order', () => {
    expect(
      mergeSegments([
        [50, 60],
        [0, 10],
        [5, 20],
        [20, 25],
        [40, 45],
      ]),
    ).toEqual([
      [0, 25],
      [40, 45],
      [50, 60],
    ]);
  });

  it('swallows a range inside another and drops empty ones', () => {
    expect(
      mergeSegments([
        [0, 100],
        [10, 20],
        [30, 30],
      ]),
    ).toEqual([[0, 100]]);
    expect(mergeSegments([])).toEqual([]);
  });

  it('does not change its input', () => {
    const input: [number, number][] = [
      [5, 8],
      [0, 6],
    ];
    mergeSegments(input);
    expect(input).toEqual([
      [5, 8],
      [0, 6],
    ]);
  });
});

describe('unionLength', () => {
  it('counts a re-watched part once', () => {
    expect(
      unionLength([
        [0, 30],
        [10, 20],
        [25, 40],
      ]),
    ).toBe(40);
  });

  it('adds disjoint parts, fractions included', () => {
    expect(
      unionLength([
        [0, 1.5],
        [10, 12.25],
      ]),
    ).toBeCloseTo(3.75);
  });
});

describe('clampSegments', () => {
  it('cuts ranges to the lecture and drops what lies wholly beyond it', () => {
    expect(
      clampSegments(
        [
          [590, 600.4],
          [600.2, 600.9],
          [0, 10],
        ],
        600,
      ),
    ).toEqual([
      [590, 600],
      [0, 10],
    ]);
  });
});
