import { randomInt } from 'node:crypto';

/** A whole number from 0 up to (not including) `below`; crypto's unless a test seeds its own. */
export type RandomInt = (below: number) => number;

/** The exam settings that decide a sitting's paper. */
export type OrderSettings = {
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** How many of the paper's questions each sitting draws; null: all of them. */
  questionsPerStudent: number | null;
};

/** What a sitting shows: the drawn questions in order, each one's options in order; null keeps the paper's. */
export type SittingOrder = {
  questionOrder: number[] | null;
  optionOrders: Record<string, number[]> | null;
};

/** Whether a sitting of an exam with these settings has an order of its own to draw and keep. */
export const drawsOrder = (settings: OrderSettings) =>
  settings.shuffleQuestions || settings.shuffleOptions || settings.questionsPerStudent !== null;

/** Fisher–Yates over a copy: each permutation equally likely when `random` is uniform. */
function shuffled<T>(items: readonly T[], random: RandomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Draws one sitting's paper from the exam's questions (in the paper's order) and their options.
 * A pool (`questionsPerStudent` below the paper's count) takes that many questions uniformly at
 * random; they keep the paper's order unless questions are shuffled too, since a tutor who pools
 * without shuffling usually built the paper from easy to hard. Options are shuffled only for the
 * drawn questions. Randomness comes from crypto by default: a student must not be able to predict
 * a classmate's paper from their own.
 */
export function drawSittingOrder(
  questionIds: readonly number[],
  optionIds: Readonly<Record<number, readonly number[]>>,
  settings: OrderSettings,
  random: RandomInt = randomInt,
): SittingOrder {
  const count = questionIds.length;
  const pooled = settings.questionsPerStudent !== null && settings.questionsPerStudent < count;
  let drawn: number[] = [...questionIds];
  if (pooled) {
    const size = Math.max(0, settings.questionsPerStudent ?? count);
    const picked = new Set(shuffled(questionIds, random).slice(0, size));
    drawn = questionIds.filter((id) => picked.has(id));
  }
  if (settings.shuffleQuestions) drawn = shuffled(drawn, random);
  const questionOrder = pooled || settings.shuffleQuestions ? drawn : null;
  let optionOrders: Record<string, number[]> | null = null;
  if (settings.shuffleOptions) {
    optionOrders = {};
    for (const id of drawn) optionOrders[String(id)] = shuffled(optionIds[id] ?? [], random);
  }
  return { questionOrder, optionOrders };
}
