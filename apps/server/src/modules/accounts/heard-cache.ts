import { BoundedMap } from '../../lib/bounded-map.js';

/**
 * Channel of the accounts trigger (migrations 0006, 0007): the payload is the account's id, then
 * ` counts` when the change may alter who counts as a student (insert, delete, username, role).
 */
export const ACCOUNT_CHANGED = 'valence_account_changed';
export const COUNTS_CHANGED = 'counts';

/** A safety net only: a change is heard within milliseconds, but nothing is kept for longer. */
const MAX_AGE_MS = 60_000;

/**
 * What this server has read about accounts (a session a token is checked against, a count of
 * students), kept so that a request need not read it again. It is correct across servers because it
 * only runs while it hears every change: the accounts table's trigger notifies each insert, update
 * and delete after commit, and the owner `forget`s what that change may alter (or `clear`s all).
 * Lost notifications (`stop`) switch it off for good: every read goes to the database again.
 */
export class HeardCache<K, V> {
  private readonly entries: BoundedMap<K, { value: V; at: number }>;
  /** Bumped by every change heard: a read that began before a change must not store what it read. */
  private epoch = 0;
  private running = false;

  constructor(
    private readonly load: (key: K) => Promise<V | undefined>,
    maxEntries = 10_000,
  ) {
    this.entries = new BoundedMap(maxEntries);
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

  async get(key: K): Promise<V | undefined> {
    if (!this.running) return this.load(key);
    const kept = this.entries.get(key);
    if (kept && Date.now() - kept.at < MAX_AGE_MS) return kept.value;
    const epoch = this.epoch;
    const value = await this.load(key);
    // Nothing found is not kept: an account created a moment later may be looked for again.
    if (value !== undefined && this.running && epoch === this.epoch) this.entries.set(key, { value, at: Date.now() });
    return value;
  }
}
