import { MARKING_MESSAGES, type MarkScheme, readTypedMark, SUBMISSION_MESSAGES, sumOfMarks } from '@valence/contract';

/** A mark as typed: empty, or a number of 0..max with at most two decimals. */
export type MarkCheck = { value: number | null; error: string | null };

/** Checks one typed mark against its maximum by the contract's rule; `message` is what is said when it is out of range. */
export function checkMark(text: string, max: number, rangeMessage: string, numberMessage: string): MarkCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const mark = readTypedMark(trimmed, max);
  if ('error' in mark) return { value: null, error: mark.error === 'number' ? numberMessage : rangeMessage };
  return { value: mark.value, error: null };
}

/** The single score out of 100, with the grade dialog's sentences. */
export const checkScore = (text: string) =>
  checkMark(text, 100, SUBMISSION_MESSAGES.scoreRange, SUBMISSION_MESSAGES.scoreNumber);

/** One question's mark: 0 to its maximum. */
export const checkQuestionMark = (text: string, max: number) =>
  checkMark(text, max, `From 0 to ${max}, with at most two decimals.`, 'Must be a number.');

/** Sums in hundredths so 0.1 + 0.2 is 0.3, as the server adds them. */
export const sumMarks = (values: number[]): number => sumOfMarks(values);

export type MarksResult =
  | { ok: true; score: number | null; questionMarks: number[] | null }
  | { ok: false; errors: (string | null)[]; summary: string };

/**
 * What the marks panel sends: without a scheme the one score (empty clears the mark); with one, a mark
 * for every question (all empty clears it too) and their sum as the score.
 */
export function readMarks(scheme: MarkScheme, typed: string[], scoreText: string): MarksResult {
  if (scheme.length === 0) {
    const check = checkScore(scoreText);
    if (check.error) return { ok: false, errors: [check.error], summary: check.error };
    return { ok: true, score: check.value, questionMarks: null };
  }
  const checks = scheme.map((question, index) => checkQuestionMark(typed[index] ?? '', question.maxMarks));
  const errors = checks.map((check) => check.error);
  if (checks.every((check) => check.value === null && check.error === null))
    return { ok: true, score: null, questionMarks: null };
  if (errors.some(Boolean) || checks.some((check) => check.value === null))
    return {
      ok: false,
      errors: checks.map((check) => check.error ?? (check.value === null ? 'Give a mark.' : null)),
      summary: MARKING_MESSAGES.questionMarks,
    };
  const marks = checks.map((check) => check.value as number);
  return { ok: true, score: sumMarks(marks), questionMarks: marks };
}

/** The running total shown while marks are typed: what is valid so far. */
export function runningTotal(scheme: MarkScheme, typed: string[]): number {
  return sumMarks(scheme.map((question, index) => checkQuestionMark(typed[index] ?? '', question.maxMarks).value ?? 0));
}
