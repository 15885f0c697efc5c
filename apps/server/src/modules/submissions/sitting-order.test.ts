import { describe, expect, it } from 'vitest';
import { drawSittingOrder, type RandomInt } from './sitting-order.js';

/** mulberry32: a small seeded generator, so a test can draw the same paper twice. */
function seeded(seed: number): RandomInt {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

const questions = Array.from({ length: 50 }, (_, i) => 100 + i);
const options = Object.fromEntries(
  questions.map((id) => [id, [id * 10, id * 10 + 1, id * 10 + 2, id * 10 + 3, id * 10 + 4]]),
);
const none = { shuffleQuestions: false, shuffleOptions: false, questionsPerStudent: null };

describe('drawSittingOrder', () => {
  it('keeps the paper’s order (null) when nothing is shuffled or pooled, and when the pool is the whole paper', () => {
    expect(drawSittingOrder(questions, options, none)).toEqual({ questionOrder: null, optionOrders: null });
    expect(drawSittingOrder(questions, options, { ...none, questionsPerStudent: 50 })).toEqual({
      questionOrder: null,
      optionOrders: null,
    });
  });

  it('is the same draw for the same seed and a different one for another seed', () => {
    const settings = { shuffleQuestions: true, shuffleOptions: true, questionsPerStudent: 20 };
    const first = drawSittingOrder(questions, options, settings, seeded(7));
    expect(drawSittingOrder(questions, options, settings, seeded(7))).toEqual(first);
    expect(drawSittingOrder(questions, options, settings, seeded(8))).not.toEqual(first);
  });

  it('shuffles into a permutation of every question, and each question’s options into a permutation of its own', () => {
    const { questionOrder, optionOrders } = drawSittingOrder(
      questions,
      options,
      { ...none, shuffleQuestions: true, shuffleOptions: true },
      seeded(1),
    );
    expect(questionOrder).not.toEqual(questions);
    expect([...(questionOrder ?? [])].sort((a, b) => a - b)).toEqual(questions);
    for (const id of questions) {
      const order = optionOrders?.[String(id)] ?? [];
      expect([...order].sort((a, b) => a - b)).toEqual(options[id]);
    }
    expect(
      Object.values(optionOrders ?? {}).some((order, i) => order.join() !== options[questions[i] as number]?.join()),
    ).toBe(true);
  });

  it('draws N distinct questions of the paper, kept in the paper’s order unless questions are shuffled', () => {
    const pooled = drawSittingOrder(questions, options, { ...none, questionsPerStudent: 12 }, seeded(3));
    const order = pooled.questionOrder ?? [];
    expect(order).toHaveLength(12);
    expect(new Set(order).size).toBe(12);
    expect(order.every((id) => questions.includes(id))).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(pooled.optionOrders).toBeNull();

    const shuffledPool = drawSittingOrder(
      questions,
      options,
      { ...none, questionsPerStudent: 12, shuffleOptions: true },
      seeded(3),
    );
    // Options are drawn for the drawn questions only.
    expect(
      Object.keys(shuffledPool.optionOrders ?? {})
        .map(Number)
        .sort(),
    ).toEqual([...(shuffledPool.questionOrder ?? [])].sort());
  });

  it('draws every question about equally often over many sittings (no question favoured)', () => {
    const seen = new Map<number, number>();
    const random = seeded(11);
    for (let i = 0; i < 2000; i += 1) {
      for (const id of drawSittingOrder(questions, options, { ...none, questionsPerStudent: 10 }, random)
        .questionOrder ?? []) {
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
    }
    // Expected 400 each (2000 × 10 ÷ 50); a fair draw stays well inside ±25 %.
    for (const id of questions) expect(Math.abs((seen.get(id) ?? 0) - 400)).toBeLessThan(100);
  });

  it('uses crypto randomness by default: two draws of a 50-question shuffle differ', () => {
    const settings = { ...none, shuffleQuestions: true };
    expect(drawSittingOrder(questions, options, settings).questionOrder).not.toEqual(
      drawSittingOrder(questions, options, settings).questionOrder,
    );
  });
});
