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
});
