import { describe, expect, it } from 'vitest';
import { formatDuration } from './watch-time.js';

describe('formatDuration', () => {
  it('shows hours, minutes and seconds, leaving out the parts that are zero', () => {
    expect(formatDuration(3725)).toBe('1h 2m 5s');
    expect(formatDuration(3600)).toBe('1h');
    expect(formatDuration(3605)).toBe('1h 5s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
  });

  it('rounds the whole length first, so 59.6 s reads 1m rather than 60s', () => {
    expect(formatDuration(59.6)).toBe('1m');
    expect(formatDuration(-3)).toBe('0s');
  });
});
