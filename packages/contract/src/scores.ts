/**
 * Score formula (docs/architecture.md): the MCQ mark is out of 50, PART II out of 100, and the combined total
 * is MCQ + half of PART II, out of 100. A missing part is absent, never zero.
 */
export function mcqScoreOutOf50(correct: number, totalQuestions: number): number {
  if (totalQuestions <= 0) return 0;
  return (50 * correct) / totalQuestions;
}

export function mcqPercentage(correct: number, totalQuestions: number): number {
  if (totalQuestions <= 0) return 0;
  return (100 * correct) / totalQuestions;
}

/** How a combined total is made, said on every screen that shows one (a part's mark alone is not its share). */
export const TOTAL_FORMULA = 'Total = MCQ (out of 50) + half the PART II mark (out of 100)';

/** What a PART II mark (out of 100) counts for in the combined total; the gradebook's SQL sorts by the same. */
export const PART_TWO_WEIGHT = 0.5;

export function combinedTotalScore(
  mcqScore: number | null | undefined,
  traditionalScore: number | null | undefined,
): number | null {
  const hasMcq = typeof mcqScore === 'number';
  const hasTraditional = typeof traditionalScore === 'number';
  if (!hasMcq && !hasTraditional) return null;
  return (hasMcq ? mcqScore : 0) + (hasTraditional ? traditionalScore * PART_TWO_WEIGHT : 0);
}

/**
 * The overall status of a student's marks under one exam identifier, in rank order (a gradebook
 * sorted by status follows it). The portal words two of them differently (`OVERALL_STATUS_LABELS`).
 */
export const OVERALL_STATUSES = ['Not Submitted', 'Pending', 'Partially Graded', 'Fully Graded'] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];

/**
 * Over the `parts` (exam types) an identifier has: nothing handed in, handed in but none marked,
 * some parts marked, all marked. An MCQ part is marked once handed in, PART II once it has a score.
 * The gradebook's SQL ranks by the same rule (`statusRankSql`, checked against this by a test).
 */
export function overallStatusOf(parts: number, submitted: boolean, marked: number): OverallStatus {
  if (!submitted) return 'Not Submitted';
  if (marked >= parts) return 'Fully Graded';
  return marked > 0 ? 'Partially Graded' : 'Pending';
}

/**
 * Whether a number is a whole count of hundredths (a mark of at most two decimals). It is rounded to
 * hundredths and back rather than asking whether `value * 100` is whole: 8.2 * 100 is
 * 819.9999999999999 in binary floating point, which refused 8.2, 1.1, 64.1 and a ninth of all marks.
 * `n / 100` is the double nearest to the decimal, the very one `Number('8.2')` and JSON give.
 */
export const hasTwoDecimalsAtMost = (value: number): boolean =>
  Number.isFinite(value) && Math.round(value * 100) / 100 === value;

/** A mark as the screens and exports show it: rounded to hundredths, so 100/3 reads 33.33. */
export const toHundredths = (value: number): number => Math.round(value * 100) / 100;

/** Marks added in whole hundredths, so 0.1 + 0.2 is 0.3 and 4.1 + 4.1 is 8.2, never 8.200000000000001. */
export const sumOfMarks = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;

/**
 * How typed marks are written: digits with an optional fraction (".5" and "+8" too), never a sign,
 * exponent, bare point or trailing point.
 */
const TYPED_MARK = /^\+?\d*\.?\d+$/;

/**
 * A mark as typed (already trimmed), read to a number of 0..`max` with at most two decimals. The
 * decimals are counted on the text itself, trailing zeros aside ("8.20" is fine, "8.2000000000000001"
 * is not, though both are the same double); 'number' when it is not a number as written, 'range'
 * when it is outside 0..max or has a third decimal.
 */
export function readTypedMark(text: string, max: number): { value: number } | { error: 'number' | 'range' } {
  const value = Number(text);
  if (!TYPED_MARK.test(text) || !Number.isFinite(value)) return { error: 'number' };
  const decimals = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (decimals > 2 || value < 0 || value > max) return { error: 'range' };
  return { value };
}
