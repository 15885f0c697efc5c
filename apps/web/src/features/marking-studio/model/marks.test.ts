import { MARKING_MESSAGES, SUBMISSION_MESSAGES } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { readMarks, runningTotal } from './marks';

const scheme = [
  { label: 'Q1', maxMarks: 40 },
  { label: 'Q2', maxMarks: 35.5 },
  { label: 'Q3', maxMarks: 24.5 },
];

describe('marks', () => {
  it('adds the per-question marks to the score, in hundredths', () => {
    expect(readMarks(scheme, ['30.1', '20.2', '22.2'], '')).toEqual({
      ok: true,
      score: 72.5,
      questionMarks: [30.1, 20.2, 22.2],
    });
    expect(runningTotal(scheme, ['0.1', '0.2', ''])).toBe(0.3);
  });

  it('refuses a mark above its question’s maximum, or a missing one, with the contract’s sentence', () => {
    const over = readMarks(scheme, ['41', '1', '1'], '');
    expect(over).toMatchObject({ ok: false, summary: MARKING_MESSAGES.questionMarks });
    expect(over.ok === false && over.errors).toEqual(['From 0 to 40, with at most two decimals.', null, null]);
    expect(readMarks(scheme, ['10', '', '3'], '')).toMatchObject({ ok: false, errors: [null, 'Give a mark.', null] });
    expect(readMarks(scheme, ['1.234', '1', '1'], '').ok).toBe(false);
  });

  it('clears the mark when nothing is typed', () => {
    expect(readMarks(scheme, ['', '', ''], '')).toEqual({ ok: true, score: null, questionMarks: null });
    expect(readMarks([], [], ' ')).toEqual({ ok: true, score: null, questionMarks: null });
  });

  it('without a scheme, checks the one score as the grade dialog does', () => {
    expect(readMarks([], [], '72.5')).toEqual({ ok: true, score: 72.5, questionMarks: null });
    expect(readMarks([], [], 'ninety')).toMatchObject({ ok: false, summary: SUBMISSION_MESSAGES.scoreNumber });
    expect(readMarks([], [], '100.01')).toMatchObject({ ok: false, summary: SUBMISSION_MESSAGES.scoreRange });
    expect(readMarks([], [], '-1')).toMatchObject({ ok: false, summary: SUBMISSION_MESSAGES.scoreNumber });
  });

  it('takes every score of two decimals typed, such as 8.2, 1.1, 64.1, 4.35 and 0.07, as that number', () => {
    const refused = Array.from({ length: 10_001 }, (_, n) => String(n / 100)).filter(
      (text) =>
        readMarks([], [], text).ok !== true || (readMarks([], [], text) as { score: number }).score !== Number(text),
    );
    expect(refused).toEqual([]);
    expect(readMarks([], [], '8.201')).toMatchObject({ ok: false, summary: SUBMISSION_MESSAGES.scoreRange });
  });

  it('takes question marks such as 8.2 and 4.1 and adds them exactly', () => {
    const tight = [
      { label: 'Q1', maxMarks: 8.2 },
      { label: 'Q2', maxMarks: 91.8 },
    ];
    expect(readMarks(tight, ['4.1', '4.1'], '')).toEqual({ ok: true, score: 8.2, questionMarks: [4.1, 4.1] });
    expect(readMarks(tight, ['8.2', '64.1'], '')).toEqual({ ok: true, score: 72.3, questionMarks: [8.2, 64.1] });
    expect(readMarks(tight, ['8.201', '1'], '')).toMatchObject({
      ok: false,
      errors: ['From 0 to 8.2, with at most two decimals.', null],
    });
  });
});
