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

export function combinedTotalScore(
  mcqScore: number | null | undefined,
  traditionalScore: number | null | undefined,
): number | null {
  const hasMcq = typeof mcqScore === 'number';
  const hasTraditional = typeof traditionalScore === 'number';
  if (!hasMcq && !hasTraditional) return null;
  return (hasMcq ? mcqScore : 0) + (hasTraditional ? traditionalScore * 0.5 : 0);
}
