import { DATE_MESSAGES } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { typedDay, typedDayProblem } from './day-input';

describe('typed days', () => {
  it('takes a day that exists, as typed', () => {
    expect(typedDay('2024-02-29')).toBe('2024-02-29');
    expect(typedDay(' 2026-11-27 ')).toBe('2026-11-27');
    expect(typedDayProblem('2024-02-29')).toBeNull();
    expect(typedDayProblem('')).toBeNull();
  });

  it('rolls no impossible day into another and names the reason', () => {
    expect(typedDay('2026-02-30')).toBeNull();
    expect(typedDayProblem('2026-02-30')).toBe(DATE_MESSAGES.day);
    expect(typedDayProblem('0050-01-01')).toBe(DATE_MESSAGES.day);
    expect(typedDay('27/11/2026')).toBeNull();
    expect(typedDayProblem('27/11/2026')).toBe(DATE_MESSAGES.dayFormat);
    expect(typedDayProblem('2026-11-2')).toBe(DATE_MESSAGES.dayFormat);
  });
});
