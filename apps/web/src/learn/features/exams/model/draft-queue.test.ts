import { describe, expect, it } from 'vitest';
import {
  createDraftQueue,
  type DraftQueueOptions,
  draftKey,
  type LocalDraft,
  readLocalDraft,
  type SaveStatus,
  startingDraft,
} from './draft-queue';

/** A Storage in memory, a settable network, and timers run by hand. */
function harness(serverRevision = 0, seed?: LocalDraft) {
  const data = new Map<string, string>();
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
  const key = draftKey('owner-tail', 7);
  if (seed) storage.setItem(key, JSON.stringify(seed));
  const events = new EventTarget();
  const timers: { run: () => void; ms: number }[] = [];
  const sent: LocalDraft[] = [];
  const statuses: SaveStatus[] = [];
  let online = true;
  let serverHas = serverRevision;
  // Each send waits for the test to answer it, so the order of answers is under control.
  const waiting: (() => void)[] = [];
  const options: DraftQueueOptions = {
    key,
    serverRevision,
    storage,
    events: events as unknown as Window,
    delays: [100, 200],
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    classify: () => ({ retry: true, offline: true }),
    onStatus: (status) => statuses.push(status),
    send: (draft) => {
      sent.push(draft);
      return new Promise((resolve, reject) => {
        waiting.push(() => {
          if (!online) reject(new Error('offline'));
          else {
            serverHas = Math.max(serverHas, draft.revision);
            resolve({ revision: serverHas });
          }
        });
      });
    },
  };
  const settle = async () => {
    while (waiting.length) {
      waiting.shift()?.();
      await Promise.resolve();
      await Promise.resolve();
    }
  };
  return {
    options,
    storage,
    key,
    events,
    timers,
    sent,
    statuses,
    settle,
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

const a = (questionId: number, optionId: number) => ({ questionId, optionId });

describe('draft queue', () => {
  it('stores each choice at once and sends it with an increasing revision', async () => {
    const h = harness(3);
    const queue = createDraftQueue(h.options);
    queue.push([a(1, 11)]);
    expect(readLocalDraft(h.storage, h.key)).toEqual({ answers: [a(1, 11)], revision: 4 });
    await h.settle();
    queue.push([a(1, 11), a(2, 21)]);
    await h.settle();
    expect(h.sent.map((draft) => draft.revision)).toEqual([4, 5]);
    // Confirmed by the server: nothing is left waiting on the phone.
    expect(readLocalDraft(h.storage, h.key)).toBeNull();
    expect(h.statuses.at(-1)).toEqual({ kind: 'saved' });
  });

  it('never sends an older set after a newer one: one save in flight, then the newest', async () => {
    const h = harness();
    const queue = createDraftQueue(h.options);
    queue.push([a(1, 11)]);
    queue.push([a(1, 12)]);
    queue.push([a(1, 13)]);
    await h.settle();
    expect(h.sent).toEqual([
      { answers: [a(1, 11)], revision: 1 },
      { answers: [a(1, 13)], revision: 3 },
    ]);
  });

  it('keeps the set while offline, retries with back-off, and sends it when back online', async () => {
    const h = harness();
    h.setOnline(false);
    const queue = createDraftQueue(h.options);
    queue.push([a(1, 11)]);
    await h.settle();
    expect(h.statuses.at(-1)).toEqual({ kind: 'offline' });
    expect(readLocalDraft(h.storage, h.key)).toEqual({ answers: [a(1, 11)], revision: 1 });
    expect(h.timers.map((timer) => timer.ms)).toEqual([100]);
    h.timers.shift()?.run();
    await h.settle();
    expect(h.timers.map((timer) => timer.ms)).toEqual([200]);
    // A choice made offline replaces the waiting set.
    queue.push([a(1, 11), a(2, 22)]);
    await h.settle();
    h.setOnline(true);
    h.events.dispatchEvent(new Event('online'));
    await h.settle();
    expect(h.sent.at(-1)).toEqual({ answers: [a(1, 11), a(2, 22)], revision: 2 });
    expect(h.statuses.at(-1)).toEqual({ kind: 'saved' });
    expect(readLocalDraft(h.storage, h.key)).toBeNull();
  });

  it('sends a set left unsent last time as soon as it starts again', async () => {
    const h = harness(2, { answers: [a(1, 11), a(2, 21)], revision: 5 });
    const queue = createDraftQueue(h.options);
    await h.settle();
    expect(h.sent).toEqual([{ answers: [a(1, 11), a(2, 21)], revision: 5 }]);
    queue.push([a(1, 12)]);
    expect(readLocalDraft(h.storage, h.key)?.revision).toBe(6);
  });

  it('drops a stored set the server already has a newer one of', () => {
    const h = harness(9, { answers: [a(1, 11)], revision: 4 });
    const queue = createDraftQueue(h.options);
    expect(h.sent).toEqual([]);
    expect(readLocalDraft(h.storage, h.key)).toBeNull();
    expect(queue.revision()).toBe(9);
  });

  it('says a refusal and keeps the set', async () => {
    const h = harness();
    const queue = createDraftQueue({
      ...h.options,
      send: () => Promise.reject(new Error('409')),
      classify: () => ({ retry: false, status: 409, message: 'The due date of this exam has passed.' }),
    });
    queue.push([a(1, 11)]);
    await Promise.resolve();
    await Promise.resolve();
    expect(h.statuses.at(-1)).toEqual({
      kind: 'refused',
      status: 409,
      message: 'The due date of this exam has passed.',
    });
    expect(h.timers).toEqual([]);
    expect(readLocalDraft(h.storage, h.key)?.answers).toEqual([a(1, 11)]);
  });

  it('sends a newer set at once when the one in flight is refused', async () => {
    const h = harness();
    const sent: LocalDraft[] = [];
    const answers: ((ok: boolean) => void)[] = [];
    const queue = createDraftQueue({
      ...h.options,
      send: (draft) => {
        sent.push(draft);
        return new Promise((resolve, reject) =>
          answers.push((ok) => (ok ? resolve({ revision: draft.revision }) : reject(new Error('400')))),
        );
      },
      classify: () => ({
        retry: false,
        status: 400,
        message: 'Each answer must be one of its own question’s options.',
      }),
    });
    queue.push([a(99, 991)]);
    queue.push([a(1, 11)]);
    answers.shift()?.(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(sent.map((draft) => draft.revision)).toEqual([1, 2]);
    answers.shift()?.(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(h.statuses.at(-1)).toEqual({ kind: 'saved' });
    expect(h.statuses.some((status) => status.kind === 'refused')).toBe(false);
  });

  it('forgets the set once the sitting is handed in', () => {
    const h = harness();
    h.setOnline(false);
    const queue = createDraftQueue(h.options);
    queue.push([a(1, 11)]);
    queue.clear();
    expect(readLocalDraft(h.storage, h.key)).toBeNull();
  });
});

describe('starting draft', () => {
  it('takes the higher revision, the server’s on a tie', () => {
    const server = { answers: [a(1, 11)], revision: 3 };
    const local = { answers: [a(1, 12)], revision: 4 };
    expect(startingDraft(server, local)).toBe(local);
    expect(startingDraft({ ...server, revision: 4 }, local)).toEqual({ ...server, revision: 4 });
    expect(startingDraft(null, local)).toBe(local);
    expect(startingDraft(server, null)).toBe(server);
  });

  it('ignores what it did not write', () => {
    const h = harness();
    h.storage.setItem(h.key, '{"answers":"x","revision":1}');
    expect(readLocalDraft(h.storage, h.key)).toBeNull();
    h.storage.setItem(h.key, 'not json');
    expect(readLocalDraft(h.storage, h.key)).toBeNull();
  });
});
