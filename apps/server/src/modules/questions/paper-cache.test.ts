import type { StudentQuestion } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { PAPER_TTL_MS, PaperCache } from './paper-cache.js';

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
