import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit, createKeyedConcurrencyLimit } from './concurrency-limit.js';

/** A task that runs until `finish()` is called, recording when it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyLimit', () => {
  it('runs no more than the limit at once and starts the others in the order they came', async () => {
    const run = createConcurrencyLimit(2);
    const started: string[] = [];
    const a = gate(started, 'a');
    const b = gate(started, 'b');
    const c = gate(started, 'c');
    const d = gate(started, 'd');
    const results = [a, b, c, d].map((one) => run(one.task));
    await settle();
    expect(started).toEqual(['a', 'b']);

    b.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    a.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);

    c.finish();
    d.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the place of a task that fails, and passes its error on', async () => {
    const run = createConcurrencyLimit(1);
    const started: string[] = [];
    const a = gate(started, 'a');
    const b = gate(started, 'b');
    const first = run(a.task);
    const second = run(b.task);
    await settle();
    expect(started).toEqual(['a']);

    a.fail(new Error('hash failed'));
    await expect(first).rejects.toThrow('hash failed');
    await settle();
    expect(started).toEqual(['a', 'b']);
    b.finish();
    await expect(second).resolves.toBe('b');
  });

  it('lets the next task start at once after the line has emptied', async () => {
    const run = createConcurrencyLimit(1);
    await expect(run(async () => 1)).resolves.toBe(1);
    const started: string[] = [];
    const a = gate(started, 'a');
    const pending = run(a.task);
    await settle();
    expect(started).toEqual(['a']);
    a.finish();
    await expect(pending).resolves.toBe('a');
  });

  it('refuses a limit that is not a whole number of at least one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(RangeError);
    expect(() => createConcurrencyLimit(1.5)).toThrow(RangeError);
  });

  it('keeps a line per key: a full key holds up none of the others', async () => {
    const run = createKeyedConcurrencyLimit(1);
    const started: string[] = [];
    const a1 = gate(started, 'a1');
    const a2 = gate(started, 'a2');
    const b1 = gate(started, 'b1');
    const results = [run('a', a1.task), run('a', a2.task), run('b', b1.task)];
    await settle();
    expect(started).toEqual(['a1', 'b1']);

    b1.finish();
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    a1.finish();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    a2.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a1', 'a2', 'b1']);

    // A key that has emptied starts afresh.
    const a3 = gate(started, 'a3');
    const again = run('a', a3.task);
    await settle();
    expect(started.at(-1)).toBe('a3');
    a3.finish();
    await expect(again).resolves.toBe('a3');
  });
});
