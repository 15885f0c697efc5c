import { randomBytes } from 'node:crypto';
import { BoundedMap } from '../../lib/bounded-map.js';

/**
 * Channel of the accounts trigger (migrations 0006, 0007, 0011): the payload is the account's id, then
 * ` counts` when the change may alter who counts as a student (insert, delete, username, role). An
 * update that changes nothing kept here (the signed-in flag, a rehashed password) is not sent.
 * Servers also send markers on it (see Hearing).
 */
export const ACCOUNT_CHANGED = 'valence_account_changed';
export const COUNTS_CHANGED = 'counts';

/** A safety net only: a change is heard within milliseconds, but nothing is kept for longer. */
const MAX_AGE_MS = 60_000;

/**
 * On PostgreSQL a change reaches the other servers a moment after it commits (usually under 1 ms,
 * 70 ms has been seen). A change that must take effect everywhere before it answers (a logout) waits
 * this long, and a server uses what it keeps only when it has heard everything committed more than
 * this long ago.
 */
export const HEARD_WITHIN_MS = 100;
/** A marker not heard by then is given up on: reads go to the database until the next one is. */
const MARKER_TIMEOUT_MS = 2_000;
const MARKER = 'marker ';

type Marker = { payload: string; sentAt: number; heard: Promise<boolean>; settle: (heard: boolean) => void };

/**
 * Whether this server has heard every account change committed before a moment. PostgreSQL delivers
 * a channel's notifications in commit order, so when this server hears a marker it sent on the
 * accounts channel itself, it has heard every change that committed before the marker was sent. It
 * answers from memory only once it has heard a marker sent at most HEARD_WITHIN_MS ago, and a change
 * that must hold everywhere waits HEARD_WITHIN_MS before it answers (`settle`): a request arriving
 * after that answer is served from memory only if a marker sent after the change committed, and so
 * the change too, has been heard.
 *
 * Markers go out only while requests come, one per half HEARD_WITHIN_MS at most and ahead of need, so
 * steady traffic does not wait for them. Without `send` everything is always heard: the embedded
 * database runs in this process and calls its listeners before the statement that notified answers.
 */
export class Hearing {
  private readonly id = randomBytes(6).toString('hex');
  private sent = 0;
  /** When the newest marker heard was sent (performance.now()). */
  private heardSentAt = Number.NEGATIVE_INFINITY;
  /** Sent and not yet heard, oldest first. */
  private outstanding: Marker[] = [];
  private stopped = false;

  constructor(private readonly send?: (payload: string) => Promise<unknown>) {}

  /** True when the payload is a marker (this server's or another's): it names no account. */
  heard(payload: string): boolean {
    if (!payload.startsWith(MARKER)) return false;
    const index = this.outstanding.findIndex((marker) => marker.payload === payload);
    const marker = this.outstanding[index];
    if (marker) {
      this.heardSentAt = Math.max(this.heardSentAt, marker.sentAt);
      // Whatever an earlier marker would have shown, this later one shows too.
      for (const earlier of this.outstanding.splice(0, index + 1)) earlier.settle(true);
    }
    return true;
  }

  /** Nothing will be heard any more: whoever waits for a marker reads the database instead. */
  stop() {
    this.stopped = true;
    for (const marker of this.outstanding.splice(0)) marker.settle(false);
  }

  /**
   * Listening again after `stop`: what was committed meanwhile went unheard, so no marker heard
   * before counts, and nothing is up to date until a marker sent from now on is heard.
   */
  start() {
    this.stopped = false;
    this.heardSentAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * Resolves true once this server has heard every change committed HEARD_WITHIN_MS before the call;
   * false when that cannot be known (then read the database).
   */
  async upToDate(): Promise<boolean> {
    if (!this.send) return true;
    if (this.stopped) return false;
    const now = performance.now();
    if (this.heardSentAt >= now - HEARD_WITHIN_MS / 2) return true;
    const newest = this.outstanding.at(-1);
    const marker = newest && newest.sentAt >= now - HEARD_WITHIN_MS / 2 ? newest : this.sendMarker(this.send, now);
    if (this.heardSentAt >= now - HEARD_WITHIN_MS) return true;
    return marker.heard;
  }

  /** Resolves once no server uses anything it kept from before a change that has just committed. */
  async settle(): Promise<void> {
    if (this.send) await new Promise((resolve) => setTimeout(resolve, HEARD_WITHIN_MS));
  }

  private sendMarker(send: (payload: string) => Promise<unknown>, now: number): Marker {
    let settle: (heard: boolean) => void = () => {};
    const heard = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    const marker: Marker = { payload: `${MARKER}${this.id} ${++this.sent}`, sentAt: now, heard, settle };
    this.outstanding.push(marker);
    const timer = setTimeout(() => this.giveUp(marker), MARKER_TIMEOUT_MS);
    timer.unref();
    void heard.then(() => clearTimeout(timer));
    send(marker.payload).catch(() => this.giveUp(marker));
    return marker;
  }

  private giveUp(marker: Marker) {
    this.outstanding = this.outstanding.filter((other) => other !== marker);
    marker.settle(false);
  }
}

/**
 * What this server has read about accounts (a session a token is checked against, a count of
 * students), kept so that a request need not read it again. It is correct across servers because it
 * only runs while it hears every change: the accounts table's trigger notifies each insert, delete
 * and update of what is kept after commit, and the owner `forget`s what that change may alter (or
 * `clear`s all).
 * Lost notifications (`stop`) switch it off and empty it: every read goes to the database until the
 * owner hears again and `start`s it.
 */
export class HeardCache<K, V> {
  private readonly entries: BoundedMap<K, { value: V; at: number }>;
  /** Bumped by every change heard: a read that began before a change must not store what it read. */
  private epoch = 0;
  private running = false;

  private readonly hearing: Hearing;

  constructor(
    private readonly load: (key: K) => Promise<V | undefined>,
    { maxEntries = 10_000, hearing = new Hearing() }: { maxEntries?: number; hearing?: Hearing } = {},
  ) {
    this.entries = new BoundedMap(maxEntries);
    this.hearing = hearing;
  }

  start() {
    this.running = true;
  }

  stop() {
    this.running = false;
    this.clear();
  }

  forget(key: K) {
    this.entries.delete(key);
    this.epoch++;
  }

  clear() {
    this.entries.clear();
    this.epoch++;
  }

  /**
   * Runs another read that sees what `load` would (a sign-in's read of the account it checks) and
   * keeps what `entryOf` finds in its answer, under the same rule as `get`: only while running and
   * if no change was heard while the read was under way. Answers the read's own result.
   */
  async keepFrom<R>(read: () => Promise<R>, entryOf: (result: R) => [K, V] | undefined): Promise<R> {
    const epoch = this.epoch;
    const result = await read();
    const entry = this.running && epoch === this.epoch ? entryOf(result) : undefined;
    if (entry) this.entries.set(entry[0], { value: entry[1], at: Date.now() });
    return result;
  }

  async get(key: K): Promise<V | undefined> {
    if (this.running && this.entries.has(key) && (await this.hearing.upToDate())) {
      // Looked up after the wait: what was heard meanwhile may have dropped it.
      const kept = this.entries.get(key);
      if (this.running && kept && Date.now() - kept.at < MAX_AGE_MS) return kept.value;
    }
    if (!this.running) return this.load(key);
    const epoch = this.epoch;
    const value = await this.load(key);
    // Nothing found is not kept: an account created a moment later may be looked for again.
    if (value !== undefined && this.running && epoch === this.epoch) this.entries.set(key, { value, at: Date.now() });
    return value;
  }
}
