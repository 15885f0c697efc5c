import { z } from 'zod';

/**
 * MCQ item analysis of one exam: how hard each question was, whether it told stronger students from
 * weaker ones, and how each option drew. Every figure is over the exam's submissions ("sitters");
 * a question left unanswered counts as answered wrong. A figure that is undefined for the data (no
 * sitters, one sitter, every total the same) is null, never a made-up 0.
 */

/** Above this facility a question is flagged too easy; below ITEM_TOO_HARD too hard. */
export const ITEM_TOO_EASY = 0.9;
export const ITEM_TOO_HARD = 0.2;

export const ITEM_FLAGS = ['too-easy', 'too-hard', 'negative-discrimination', 'unused-distractor'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

/** How each flag is worded on screen. */
export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  'too-easy': 'Too easy',
  'too-hard': 'Too hard',
  'negative-discrimination': 'Negative discrimination',
  'unused-distractor': 'Unused distractor',
};

export const itemOptionShareSchema = z.object({
  optionId: z.number().int(),
  /** Sitters who chose this option ÷ sitters (0–1); null with no sitters. */
  share: z.number().nullable(),
});

export const itemStatisticsSchema = z.object({
  questionId: z.number().int(),
  /**
   * The sitters whose paper included this question: all of them, unless the exam gives each student
   * a pool of its questions. Every figure of the question (facility, discrimination, shares) is
   * counted over these sitters only.
   */
  drawnBy: z.number().int(),
  /** Sitters who answered right ÷ sitters (0–1); null with no sitters. */
  facility: z.number().nullable(),
  /**
   * Point-biserial correlation (−1 to 1) between the question's score (1 right, 0 not) and the
   * sitter's uncorrected total (questions right, this one included); null when either does not vary.
   */
  discrimination: z.number().nullable(),
  /** Each option in the question's order. */
  options: z.array(itemOptionShareSchema),
  flags: z.array(z.enum(ITEM_FLAGS)),
});
export type ItemStatistics = z.infer<typeof itemStatisticsSchema>;

export const itemAnalysisSchema = z.object({
  examId: z.number().int(),
  /** Submissions of the exam. */
  sitters: z.number().int(),
  /** Questions of the paper (k). */
  questionCount: z.number().int(),
  /** Mean number of questions answered right; null with no sitters. */
  mean: z.number().nullable(),
  /**
   * KR-20 reliability with the population variance of the totals; null when k < 2, the totals do not
   * vary, or the sitters' papers held different questions (a pool: there is no one test to rate).
   */
  kr20: z.number().nullable(),
  discriminationMethod: z.literal('point-biserial'),
  /** In the paper's order. */
  questions: z.array(itemStatisticsSchema),
});
export type ItemAnalysis = z.infer<typeof itemAnalysisSchema>;

/** What the database sums for one question; the figures follow from these alone. */
export type ItemSums = {
  questionId: number;
  /** Sitters who answered it right. */
  right: number;
  /** The sum of the totals of those who answered it right (Σ x·y with x the 0/1 item score). */
  rightTotals: number;
  /** Options in order with how many sitters chose each and whether it is the right one. */
  options: { optionId: number; chosen: number; isCorrect: boolean }[];
  /**
   * With a question pool, the sitters whose paper included it and their totals' Σ and Σ²; absent,
   * every sitter (the paper's sums).
   */
  drawn?: PaperSums;
};

/** The paper's sums: sitters n, Σ totals, Σ totals². */
export type PaperSums = { sitters: number; totalSum: number; totalSquares: number };

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

/**
 * The figures of an item analysis from the database's sums.
 * - facility p = right ÷ n;
 * - point-biserial r = (n·Σxy − Σx·Σy) ÷ √((n·Σx − (Σx)²)·(n·Σy² − (Σy)²)) (Pearson's r with x ∈ {0, 1},
 *   so Σx² = Σx), against the uncorrected total;
 * - KR-20 = k/(k−1) · (1 − Σ p·q ÷ σ²), σ² = Σy²/n − (Σy/n)², the population variance of the totals.
 */
export function itemAnalysisOf(examId: number, paper: PaperSums, items: ItemSums[]): ItemAnalysis {
  const n = paper.sitters;
  const k = items.length;
  const mean = ratio(paper.totalSum, n);
  const totalSpread = n * paper.totalSquares - paper.totalSum ** 2;
  const variance = n === 0 ? 0 : totalSpread / (n * n);
  let pq = 0;
  let pooled = false;
  const questions = items.map((item): ItemStatistics => {
    // Over the sitters whose paper held the question (all of them without a pool).
    const own = item.drawn ?? paper;
    const n = own.sitters;
    if (n !== paper.sitters) pooled = true;
    const facility = ratio(item.right, n);
    if (facility !== null) pq += facility * (1 - facility);
    const itemSpread = n * item.right - item.right ** 2;
    const product = itemSpread * (n * own.totalSquares - own.totalSum ** 2);
    // Sums of whole numbers: a spread of zero is exactly zero, so no tolerance is needed.
    const discrimination =
      n < 2 || product <= 0 ? null : (n * item.rightTotals - item.right * own.totalSum) / Math.sqrt(product);
    const flags: ItemFlag[] = [];
    if (facility !== null && facility > ITEM_TOO_EASY) flags.push('too-easy');
    if (facility !== null && facility < ITEM_TOO_HARD) flags.push('too-hard');
    if (discrimination !== null && discrimination < 0) flags.push('negative-discrimination');
    if (n > 0 && item.options.some((option) => !option.isCorrect && option.chosen === 0))
      flags.push('unused-distractor');
    return {
      questionId: item.questionId,
      drawnBy: n,
      facility,
      discrimination,
      options: item.options.map((option) => ({ optionId: option.optionId, share: ratio(option.chosen, n) })),
      flags,
    };
  });
  const kr20 = pooled || n < 2 || k < 2 || !(variance > 0) ? null : (k / (k - 1)) * (1 - pq / variance);
  return { examId, sitters: n, questionCount: k, mean, kr20, discriminationMethod: 'point-biserial', questions };
}
