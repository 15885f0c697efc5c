/** What an absent mark shows: a part not yet marked is absent, never zero. */
export const NO_SCORE = '—';

/**
 * A score with two decimals, rounded as written in decimal: 42.175 shows 42.18, where
 * `toFixed` on the binary float would give 42.17.
 */
export function formatScore(score: number | null | undefined): string {
  if (typeof score !== 'number' || !Number.isFinite(score)) return NO_SCORE;
  // Exponent notation (1e-7) has no decimal digits to shift; scaling the float is close enough there.
  const shifted = Number(`${score}e2`);
  const cents = Math.round(Number.isNaN(shifted) ? score * 100 : shifted);
  return (cents / 100).toFixed(2);
}

/** "40.00 / 50", or the absent mark alone: "— / 50" would read as a mark out of 50. */
export function scoreOutOf(score: number | null | undefined, outOf: number): string {
  const text = formatScore(score);
  return text === NO_SCORE ? text : `${text} / ${outOf}`;
}

/**
 * Which parts a total is made of when only one is marked, so a half-done exam's total is never
 * read as the final mark.
 */
export function partialTotalNote(mcqScore: number | null, traditionalScore: number | null): string | null {
  const mcq = typeof mcqScore === 'number';
  const partTwo = typeof traditionalScore === 'number';
  if (mcq && !partTwo) return 'MCQ only';
  if (!mcq && partTwo) return 'PART II only';
  return null;
}
