import { describe, expect, it } from 'vitest';
import { HeardCache } from './heard-cache.js';
import type { Session } from './repository.js';

const session = (sessionVersion: number): Session => ({ id: 1, username: 'tutor', role: 'ROLE_ADMIN', sessionVersion });

/** A loader that answers the current row and counts how often the database was asked. */
function database(start: Session | undefined) {
  const state = { row: start, reads: 0 };
  const load = async () => {
    state.reads++;
    return state.row;
  };
  return { state, load };
}

describe('HeardCache', () => {
  it('asks the database once while it runs, every time when it does not', async () => {
    const { state, load } = database(session(1));
    const cache = new HeardCache<number, Session>(load);
    await cache.get(1);
    await cache.get(1);
    expect(state.reads).toBe(2);
    cache.start();
    await cache.get(1);
    await cache.get(1);
    expect(state.reads).toBe(3);
    cache.stop();
    await cache.get(1);
    expect(state.reads).toBe(4);
  });

  it('reads the account again once a change to it is heard', async () => {
    const { state, load } = database(session(1));
    const cache = new HeardCache<number, Session>(load);
    cache.start();
    expect((await cache.get(1))?.sessionVersion).toBe(1);
    state.row = session(2);
    cache.forget(1);
    expect((await cache.get(1))?.sessionVersion).toBe(2);
  });

  it('does not keep what a read saw when a change was heard while it was under way', async () => {
    let release: (row: Session) => void = () => {};
    const cache = new HeardCache<number, Session>(
      () =>
        new Promise<Session>((resolve) => {
          release = resolve;
        }),
    );
    cache.start();
    const stale = cache.get(1);
    cache.forget(1);
    release(session(1));
    expect((await stale)?.sessionVersion).toBe(1);
    const fresh = cache.get(1);
    release(session(2));
    expect((await fresh)?.sessionVersion).toBe(2);
  });

  it('does not keep an unknown account: it may be created a moment later', async () => {
    const { state, load } = database(undefined);
    const cache = new HeardCache<number, Session>(load);
    cache.start();
    expect(await cache.get(1)).toBeUndefined();
    state.row = session(1);
    expect(await cache.get(1)).toEqual(session(1));
  });

  it('forgets every kept value when cleared, and keeps no read under way at the time', async () => {
    const counts = new Map([
      ['', 9],
      ['ka', 3],
    ]);
    let reads = 0;
    let hold: Promise<void> = Promise.resolve();
    const cache = new HeardCache<string, number>(async (q) => {
      reads++;
      const seen = counts.get(q);
      await hold;
      return seen;
    });
    cache.start();
    expect([await cache.get(''), await cache.get('ka'), await cache.get('ka')]).toEqual([9, 3, 3]);
    expect(reads).toBe(2);

    counts.set('ka', 4);
    cache.clear();
    let release: () => void = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const underWay = cache.get('ka');
    counts.set('ka', 5);
    cache.clear();
    release();
    expect(await underWay).toBe(4);
    expect(await cache.get('ka')).toBe(5);
    expect(await cache.get('ka')).toBe(5);
    expect(reads).toBe(4);
  });
});
