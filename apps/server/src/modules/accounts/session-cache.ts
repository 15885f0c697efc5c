import type { Role } from '@valence/contract';

/** What a bearer token is checked against on every request. */
export type Session = { id: number; username: string; role: Role; sessionVersion: number };

/** Channel of the accounts trigger (migration 0006): the payload is the changed account's id. */
export const ACCOUNT_CHANGED = 'valence_account_changed';

const MAX_ENTRIES = 10_000;
/** A safety net only: a change is heard within milliseconds, but nothing is kept for longer. */
const MAX_AGE_MS = 60_000;

/**
 * The sessions this server has checked, so a request costs one round trip to the database instead of
 * two. It is correct across servers because it only runs while it hears every change: the accounts
 * table's trigger notifies each update and delete after commit, and `forget` drops that account.
 * Lost notifications (`stop`) switch it off for good: every check goes to the database again.
 */
export class SessionCache {
  private readonly entries = new Map<number, { session: Session; at: number }>();
  /** Bumped by every change heard: a read that began before a change must not store what it read. */
  private epoch = 0;
  private running = false;

  constructor(private readonly load: (id: number) => Promise<Session | undefined>) {}

  start() {
    this.running = true;
  }

  stop() {
    this.running = false;
    this.entries.clear();
    this.epoch++;
  }

  forget(id: number) {
    this.entries.delete(id);
    this.epoch++;
  }

  async get(id: number): Promise<Session | undefined> {
    if (!this.running) return this.load(id);
    const kept = this.entries.get(id);
    if (kept && Date.now() - kept.at < MAX_AGE_MS) return kept.session;
    const epoch = this.epoch;
    const session = await this.load(id);
    // An unknown id is not kept: it may be an account created a moment later (inserts notify nothing).
    if (session && this.running && epoch === this.epoch) this.keep(id, session);
    return session;
  }

  private keep(id: number, session: Session) {
    this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, { session, at: Date.now() });
  }
}
