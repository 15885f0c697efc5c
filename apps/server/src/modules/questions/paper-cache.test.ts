import zlib from 'node:zlib';
import type { StudentQuestion } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { COMPRESSION } from '../../lib/compression.js';
import { PAPER_TTL_MS, PaperCache, paperJsonInOrder } from './paper-cache.js';

const question = (id: number, text = `Question ${id}`): StudentQuestion => ({
  id,
  questionText: text,
  questionImageUrl: null,
  options: [
    { id: id * 10, optionText: 'A' },
    { id: id * 10 + 1, optionText: 'B' },
  ],
});
const keyOf = (id: number) => [
  {
    id,
    options: [
      { id: id * 10, isCorrect: true },
      { id: id * 10 + 1, isCorrect: false },
    ],
  },
];

/** A cache on a clock the test moves, and a build that counts its calls. */
function setUp() {
  let now = 0;
  const cache = new PaperCache(() => now);
  let builds = 0;
  const build = (text: string) => async () => {
    builds += 1;
    return { questions: [question(1, text)], key: keyOf(1) };
  };
  return { cache, build, builds: () => builds, advance: (ms: number) => (now += ms) };
}

describe('the shared student paper', () => {
  it('is built once for everyone asking at the same time, and serves the same JSON', async () => {
    const { cache, build, builds } = setUp();
    const papers = await Promise.all(Array.from({ length: 50 }, () => cache.get(7, build('first'))));
    expect(builds()).toBe(1);
    expect(new Set(papers.map((paper) => paper.json)).size).toBe(1);
    expect(JSON.parse(papers[0]?.json ?? '')).toEqual([question(1, 'first')]);
    expect(papers[0]?.key).toEqual(keyOf(1));
  });

  it('is read afresh once PAPER_TTL_MS has passed, or at once after forget', async () => {
    const { cache, build, builds, advance } = setUp();
    await cache.get(7, build('first'));
    advance(PAPER_TTL_MS - 1);
    expect((await cache.get(7, build('second'))).questions[0]?.questionText).toBe('first');
    advance(1);
    expect((await cache.get(7, build('second'))).questions[0]?.questionText).toBe('second');
    cache.forget(7);
    expect((await cache.get(7, build('third'))).questions[0]?.questionText).toBe('third');
    expect(builds()).toBe(3);
  });

  it('keeps each exam apart', async () => {
    const { cache, build } = setUp();
    await cache.get(1, build('one'));
    expect((await cache.get(2, build('two'))).questions[0]?.questionText).toBe('two');
    cache.forget(2);
    expect((await cache.get(1, build('changed'))).questions[0]?.questionText).toBe('one');
  });

  it('never carries the answer key in what students receive, even if a build let it through', async () => {
    const cache = new PaperCache(() => 0);
    const leaky = { ...question(1), options: [{ id: 10, optionText: 'A', isCorrect: true }] };
    const paper = await cache.get(3, async () => ({ questions: [leaky], key: keyOf(1) }));
    expect(paper.json).not.toContain('isCorrect');
    expect(paper.questions[0]?.options[0]).toEqual({ id: 10, optionText: 'A' });
  });

  it('does not keep a failed build: the next request tries again', async () => {
    const { cache, build } = setUp();
    await expect(
      cache.get(7, async () => {
        throw new Error('the database went away');
      }),
    ).rejects.toThrow('the database went away');
    expect((await cache.get(7, build('back'))).questions[0]?.questionText).toBe('back');
  });
});

describe('a sitting’s order over the shared paper', () => {
  /** A 50-question A/L paper, five options each, text about the length of a real question's. */
  const fifty: StudentQuestion[] = Array.from({ length: 50 }, (_, i) => ({
    id: 1000 + i,
    questionText: `Q${i + 1}. Which of the following statements about the "ideal gas" at 298 K is correct? ${'x'.repeat(200)}`,
    questionImageUrl: i % 10 === 0 ? `/api/files/q${i}.png?sig=${'a'.repeat(64)}` : null,
    options: Array.from({ length: 5 }, (_, o) => ({
      id: (1000 + i) * 10 + o,
      optionText: `Option ${o + 1} ${'y'.repeat(60)}`,
    })),
  }));
  const built = async () => new PaperCache(() => 0).get(1, async () => ({ questions: fifty, key: [] }));
  const reversed = <T>(items: T[]) => [...items].reverse();
  const order = {
    questionOrder: reversed(fifty.map((q) => q.id)).filter((_, i) => i % 5 !== 0),
    optionOrders: Object.fromEntries(fifty.map((q) => [String(q.id), reversed(q.options.map((o) => o.id))])),
  };

  it('is the JSON of the drawn questions in the sitting’s order, options in its order', async () => {
    const paper = await built();
    const expected = order.questionOrder.map((id) => {
      const q = fifty.find((question) => question.id === id) as StudentQuestion;
      return { ...q, options: reversed(q.options) };
    });
    expect(paperJsonInOrder(paper, order)).toBe(JSON.stringify(expected));
    // The paper's order kept: the shared bytes themselves.
    expect(paperJsonInOrder(paper, { questionOrder: null, optionOrders: null })).toBe(paper.json);
    // A question deleted since the draw is left out; an option added since goes last.
    expect(JSON.parse(paperJsonInOrder(paper, { questionOrder: [1, 1001], optionOrders: { 1001: [10012] } }))).toEqual([
      { ...fifty[1], options: [fifty[1]?.options[2], ...(fifty[1]?.options ?? []).filter((o) => o.id !== 10012)] },
    ]);
  });

  it('costs little beside the shared bytes (measured on a 50-question paper)', async () => {
    const paper = await built();
    paperJsonInOrder(paper, order); // Cuts the pieces once, as the first sitting of a paper does.
    const runs = 2000;
    const time = (work: () => unknown) => {
      const start = performance.now();
      for (let i = 0; i < runs; i += 1) work();
      return ((performance.now() - start) / runs) * 1000;
    };
    const shared = time(() => paperJsonInOrder(paper, { questionOrder: null, optionOrders: null }));
    const ordered = time(() => paperJsonInOrder(paper, order));
    const reserialised = time(() => JSON.stringify(JSON.parse(paper.json)));
    // A sitting's own paper cannot reuse the class's compressed bytes: it is compressed per answer.
    const json = paperJsonInOrder(paper, order);
    const brotli = time(() => zlib.brotliCompressSync(json, COMPRESSION.brotliOptions));
    console.info(
      `50-question paper, ${paper.json.length} bytes: shared ${shared.toFixed(1)} µs, in a sitting's order ` +
        `${ordered.toFixed(1)} µs, parse + serialise again ${reserialised.toFixed(1)} µs, ` +
        `brotli of a sitting's own paper ${brotli.toFixed(1)} µs (the shared one is compressed once)`,
    );
    // Far below serialising the paper again, and well under a millisecond.
    expect(ordered).toBeLessThan(reserialised);
    expect(ordered).toBeLessThan(1000);
  });
});
