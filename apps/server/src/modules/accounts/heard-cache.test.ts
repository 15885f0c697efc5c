import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEARD_WITHIN_MS, HeardCache, Hearing } from './heard-cache.js';
import type { Session } from './repository.js';

const session = (sessionVersion: number): Session => ({
  id: 1,
  username: 'tutor',
  role: 'ROLE_ADMIN',
  sessionVersion,
  endedDevices: null,
});

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

  it('keeps what another read of the account found, unless a change was heard during it', async () => {
    const { state, load } = database(session(1));
    const cache = new HeardCache<number, Session>(load);
    cache.start();
    const entryOf = (row: Session | undefined): [number, Session] | undefined => row && [row.id, row];
    const signIn = await cache.keepFrom(async () => session(1), entryOf);
    expect(signIn.sessionVersion).toBe(1);
    expect((await cache.get(1))?.sessionVersion).toBe(1);
    expect(state.reads).toBe(0);

    cache.forget(1);
    let release: (row: Session) => void = () => {};
    const racing = cache.keepFrom(
      () =>
        new Promise<Session>((resolve) => {
          release = resolve;
        }),
      entryOf,
    );
    cache.forget(1);
    release(session(1));
    await racing;
    state.row = session(2);
    expect((await cache.get(1))?.sessionVersion).toBe(2);
    expect(state.reads).toBe(1);

    // Stopped, it keeps nothing: changes are not heard then, so nothing kept could be trusted later.
    cache.stop();
    await cache.keepFrom(async () => session(3), entryOf);
    cache.start();
    expect((await cache.get(1))?.sessionVersion).toBe(2);
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

/** A Hearing whose markers are collected in `sent` instead of going to a database. */
function hearingByHand() {
  const sent: string[] = [];
  const hearing = new Hearing(async (payload) => {
    sent.push(payload);
  });
  return { sent, hearing };
}

/** Lets every pending promise callback run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('Hearing (PostgreSQL: changes reach other servers late)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a kept session only once a marker sent after the request is heard, and so the change before it', async () => {
    const { state, load } = database(session(1));
    const { sent, hearing } = hearingByHand();
    const cache = new HeardCache<number, Session>(load, { hearing });
    cache.start();
    expect((await cache.get(1))?.sessionVersion).toBe(1);

    // Another server ends the session; this one has not heard it yet when the token comes.
    state.row = session(2);
    const asked = cache.get(1);
    await settled();
    expect(sent).toHaveLength(1);
    // In commit order: the logout, then the marker.
    cache.forget(1);
    expect(hearing.heard(sent[0] as string)).toBe(true);
    expect((await asked)?.sessionVersion).toBe(2);
  });

  it('does not wait, nor send, while a marker was heard within half the window', async () => {
    const { state, load } = database(session(1));
    const { sent, hearing } = hearingByHand();
    const cache = new HeardCache<number, Session>(load, { hearing });
    cache.start();
    await cache.get(1);
    const first = cache.get(1);
    await settled();
    hearing.heard(sent[0] as string);
    await first;
    for (let i = 0; i < 5; i++) await cache.get(1);
    expect(sent).toHaveLength(1);
    expect(state.reads).toBe(1);
  });

  it('sends the next marker ahead of need, and waits for it only once the last is too old', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const { sent, hearing } = hearingByHand();
    const first = hearing.upToDate();
    hearing.heard(sent[0] as string);
    expect(await first).toBe(true);

    vi.advanceTimersByTime(HEARD_WITHIN_MS * 0.75);
    // Still within the window: answered at once, but a marker goes out for what comes next.
    expect(await hearing.upToDate()).toBe(true);
    expect(sent).toHaveLength(2);

    vi.advanceTimersByTime(HEARD_WITHIN_MS);
    let answered = false;
    const late = hearing.upToDate().then((heard) => {
      answered = true;
      return heard;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    // A marker sent long before proves nothing: a new one goes out, and only it will do.
    expect(sent).toHaveLength(3);
    hearing.heard(sent[1] as string);
    await Promise.resolve();
    expect(answered).toBe(false);
    hearing.heard(sent[2] as string);
    expect(await late).toBe(true);
  });

  it('ignores other servers’ markers, and settles earlier markers of its own with a later one', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const { sent, hearing } = hearingByHand();
    const first = hearing.upToDate();
    vi.advanceTimersByTime(HEARD_WITHIN_MS);
    const second = hearing.upToDate();
    expect(sent).toHaveLength(2);
    expect(hearing.heard('marker someone-else 1')).toBe(true);
    expect(hearing.heard('42')).toBe(false);
    hearing.heard(sent[1] as string);
    expect(await Promise.all([first, second])).toEqual([true, true]);
  });

  it('reads the database when markers stop being heard, or are not heard in time', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const { hearing } = hearingByHand();
    const lost = hearing.upToDate();
    vi.advanceTimersByTime(2_000);
    expect(await lost).toBe(false);

    const stopping = hearing.upToDate();
    hearing.stop();
    expect(await stopping).toBe(false);
    expect(await hearing.upToDate()).toBe(false);
  });

  it('after listening again, trusts nothing heard before the gap: only a marker sent afterwards', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const { sent, hearing } = hearingByHand();
    const before = hearing.upToDate();
    hearing.heard(sent[0] as string);
    expect(await before).toBe(true);
    hearing.stop();
    expect(await hearing.upToDate()).toBe(false);

    // Listening again at once: the marker heard a moment ago came before changes that went unheard.
    hearing.start();
    let answered = false;
    const after = hearing.upToDate().then((heard) => {
      answered = true;
      return heard;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    expect(sent).toHaveLength(2);
    hearing.heard(sent[1] as string);
    expect(await after).toBe(true);
  });

  it('makes a session-ending change wait the window before it answers, on PostgreSQL only', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let settledYet = false;
    const waiting = hearingByHand()
      .hearing.settle()
      .then(() => {
        settledYet = true;
      });
    vi.advanceTimersByTime(HEARD_WITHIN_MS - 1);
    await Promise.resolve();
    expect(settledYet).toBe(false);
    vi.advanceTimersByTime(1);
    await waiting;

    // The embedded database calls its listeners before the change's statement answers.
    const embedded = new Hearing();
    expect(await embedded.upToDate()).toBe(true);
    await embedded.settle();
  });
});
