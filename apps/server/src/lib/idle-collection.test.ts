import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, SECOND_COLLECTION_AFTER_MS } from './idle-collection.js';

/** A server's activity driven by hand: requests arrive and are answered. */
function activity() {
  const state = { count: 0, answered: 0 };
  return {
    state,
    arrive: () => {
      state.count += 1;
    },
    answer: () => {
      state.count -= 1;
      state.answered += 1;
    },
  };
}

const QUIET = 5000;
/** From the start of a quiet spell to its second collection. */
const BOTH = QUIET + SECOND_COLLECTION_AFTER_MS;

describe('collectWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const options = (collect: () => void) => ({ collect, quietMs: QUIET, checkMs: 1000, now: Date.now });

  it('collects after the start has been quiet, a second time later, then not again while nothing happens', () => {
    const server = activity();
    const collect = vi.fn();
    const stop = collectWhenIdle(server.state, options(collect));
    vi.advanceTimersByTime(QUIET - 1000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SECOND_COLLECTION_AFTER_MS - 1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10 * 60_000);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  it('waits while a request is being worked on, however long it takes (an upload)', () => {
    const server = activity();
    const collect = vi.fn();
    const stop = collectWhenIdle(server.state, options(collect));
    vi.advanceTimersByTime(BOTH);
    expect(collect).toHaveBeenCalledTimes(2);
    server.arrive();
    vi.advanceTimersByTime(120_000);
    expect(collect).toHaveBeenCalledTimes(2);
    server.answer();
    // The quiet is counted from the first look that saw the answer, a second at most after it.
    vi.advanceTimersByTime(QUIET);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(SECOND_COLLECTION_AFTER_MS);
    expect(collect).toHaveBeenCalledTimes(4);
    stop();
  });

  it('counts requests that come and go between two looks as activity, and starts the spell again', () => {
    const server = activity();
    const collect = vi.fn();
    const stop = collectWhenIdle(server.state, options(collect));
    vi.advanceTimersByTime(QUIET);
    expect(collect).toHaveBeenCalledTimes(1);
    // A burst of short requests, each answered before the next look: no second collection in it.
    for (let second = 0; second < 30; second += 1) {
      server.arrive();
      server.answer();
      vi.advanceTimersByTime(1000);
    }
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(QUIET);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops looking when stopped', () => {
    const server = activity();
    const collect = vi.fn();
    collectWhenIdle(server.state, options(collect))();
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
  });

  it("uses node's gc when --expose-gc gave one, young generation only, and watches nothing without it", () => {
    const server = activity();
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    const stop = collectWhenIdle(server.state);
    vi.advanceTimersByTime(QUIET);
    expect(gc).toHaveBeenCalledTimes(1);
    // gc(true) is a scavenge: a full collection would set a tight old-generation limit (see the module).
    expect(gc).toHaveBeenCalledWith(true);
    stop();
    vi.stubGlobal('gc', undefined);
    collectWhenIdle(server.state);
    expect(vi.getTimerCount()).toBe(0);
  });
});
