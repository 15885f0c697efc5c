/**
 * An MCQ sitting's choices on their way to the server. The latest answer set not yet confirmed by
 * the server is kept in localStorage, so a dead phone, a closed tab or a lost network never loses a
 * choice: it is sent as soon as the server can be reached again. Only one save is in flight at a
 * time and each send takes the newest set, so an older revision is never sent after a newer one.
 * No React and no fetch here: the screen injects them (and tests inject fakes).
 */

export type DraftAnswer = { questionId: number; optionId: number };
export type LocalDraft = { answers: DraftAnswer[]; revision: number };

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'offline' }
  | { kind: 'refused'; status: number; message: string };

/** How a failed send goes on: tried again later (a lost network, a server hiccup), or given up. */
export type FailureVerdict = { retry: true; offline: boolean } | { retry: false; status: number; message: string };

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Listeners = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Waits between tries while the server cannot be reached: quick at first, then every 30 s at most. */
export const RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000];

/**
 * The owner part of the key: the session token's tail. A shared phone keeps one student's unsent
 * answers from ever being offered to another, without reading anything out of the token.
 */
export const ownerOf = (token: string) => token.slice(-16);

export const draftKey = (owner: string, examId: number) => `valence.learn.mcq-draft.${owner}.${examId}`;

const isAnswer = (value: unknown): value is DraftAnswer =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as DraftAnswer).questionId) &&
  Number.isInteger((value as DraftAnswer).optionId);

/** The unsent set stored under `key`, or null (nothing there, or not something this app wrote). */
export function readLocalDraft(storage: DraftStorage, key: string): LocalDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    if (!Number.isInteger(value.revision) || !Array.isArray(value.answers) || !value.answers.every(isAnswer)) {
      return null;
    }
    return { answers: value.answers, revision: value.revision as number };
  } catch {
    return null;
  }
}

/**
 * Where a sitting starts: the server's saved draft or this phone's unsent one, whichever has the
 * higher revision. On a tie the server's wins: the phone's copy was sent and only the answer lost.
 */
export function startingDraft(server: LocalDraft | null, local: LocalDraft | null): LocalDraft | null {
  if (local && (!server || local.revision > server.revision)) return local;
  return server;
}

export type DraftQueueOptions = {
  key: string;
  /** The revision the server holds (0 when it has none): local sets at or below it are stale. */
  serverRevision: number;
  /** Saves one answer set; resolves with the revision the server now holds. */
  send: (draft: LocalDraft) => Promise<{ revision: number }>;
  classify: (error: unknown) => FailureVerdict;
  onStatus: (status: SaveStatus) => void;
  storage?: DraftStorage;
  events?: Listeners;
  delays?: number[];
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

export type DraftQueue = {
  /** The student changed a choice: `answers` is the whole set now. Stored at once, then sent. */
  push: (answers: DraftAnswer[]) => void;
  /** Sends the stored set now (after coming back online, or a "try again"). */
  flush: () => void;
  /** The revision the next push will beat. */
  revision: () => number;
  /** Stops timers and listeners; an unsent set stays stored for the next opening. */
  dispose: () => void;
  /** The sitting is over (submitted): forgets the stored set and stops. */
  clear: () => void;
};

export function createDraftQueue(options: DraftQueueOptions): DraftQueue {
  const storage = options.storage ?? window.localStorage;
  const events = options.events ?? window;
  const delays = options.delays ?? RETRY_DELAYS;
  const setTimer = options.setTimer ?? ((run, ms) => window.setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => window.clearTimeout(timer as number));
  const { key, send, classify, onStatus } = options;

  // Memory holds the set too: a full or blocked storage (private mode) must not stop the sending.
  let pending = readLocalDraft(storage, key);
  let revision = Math.max(options.serverRevision, pending?.revision ?? 0);
  if (pending && pending.revision <= options.serverRevision) {
    pending = null;
    remove();
  }
  let inFlight = false;
  let stopped = false;
  let attempt = 0;
  let timer: unknown = null;
  let offline = false;

  function store(draft: LocalDraft) {
    pending = draft;
    try {
      storage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or refused: the set is still in memory and on its way.
    }
  }

  function remove() {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing to do: the entry is stale either way.
    }
  }

  function cancelTimer() {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  function flush() {
    if (stopped || inFlight || !pending) return;
    cancelTimer();
    const sending = pending;
    inFlight = true;
    if (!offline) onStatus({ kind: 'saving' });
    send(sending).then(
      (answer) => {
        inFlight = false;
        if (stopped) return;
        attempt = 0;
        offline = false;
        if (pending && pending.revision > sending.revision) {
          flush();
          return;
        }
        if (answer.revision > sending.revision) {
          // The server held a newer set (another device): this phone's choices, which the student
          // sees, are sent again above it rather than silently left unsaved.
          revision = answer.revision + 1;
          store({ answers: sending.answers, revision });
          flush();
          return;
        }
        pending = null;
        remove();
        onStatus({ kind: 'saved' });
      },
      (error: unknown) => {
        inFlight = false;
        if (stopped) return;
        const verdict = classify(error);
        if (!verdict.retry) {
          // A newer set chosen meanwhile may well be accepted: it goes now.
          if (pending && pending.revision > sending.revision) {
            flush();
            return;
          }
          // Kept stored: nothing chosen is thrown away; the next choice or opening tries again.
          onStatus({ kind: 'refused', status: verdict.status, message: verdict.message });
          return;
        }
        offline = verdict.offline;
        onStatus(offline ? { kind: 'offline' } : { kind: 'saving' });
        const delay = delays[Math.min(attempt, delays.length - 1)] ?? 30_000;
        attempt += 1;
        timer = setTimer(() => {
          timer = null;
          flush();
        }, delay);
      },
    );
  }

  const backOnline = () => {
    attempt = 0;
    flush();
  };
  events.addEventListener('online', backOnline);

  function dispose() {
    stopped = true;
    cancelTimer();
    events.removeEventListener('online', backOnline);
  }

  // A set left unsent last time (the phone died, the tab closed) goes now.
  if (pending) flush();

  return {
    push(answers) {
      revision += 1;
      store({ answers, revision });
      attempt = 0;
      flush();
    },
    flush: backOnline,
    revision: () => revision,
    dispose,
    clear() {
      dispose();
      pending = null;
      remove();
    },
  };
}
