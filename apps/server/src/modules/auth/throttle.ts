import type { DbOrTx } from '../../db/client.js';
import { tooManyRequests } from '../../lib/errors.js';
import * as repo from './throttle-repository.js';

/**
 * The sign-in policy. Every attempt is counted before its password is checked:
 * - one address gets 30 unsuccessful attempts per 15 minutes, whatever the accounts;
 * - one account from one address gets 5 per 15 minutes (then that pair waits out the window);
 * - one account from all addresses together gets 10, after which attempts from addresses that never
 *   signed in to it are slowed (1 s, 2 s, 4 s … at most 60 s apart) rather than locked out, and an
 *   address that signed in to it within 30 days is not slowed at all.
 * So a stranger cannot lock the owner out, and parallel guesses cannot outrun the count.
 */
export const SIGNIN_POLICY = {
  windowSeconds: 15 * 60,
  perAddress: 30,
  perAccountAndAddress: 5,
  accountFreeAttempts: 10,
  accountMaxWaitSeconds: 60,
  trustedAddressSeconds: 30 * 24 * 3600,
} as const;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The keys of one attempt; usernames compare case-insensitively, as accounts do. */
function keysOf(username: string, address: string) {
  const account = username.trim().toLowerCase();
  return {
    address: `addr:${address}`,
    pair: `pair:${account}|${address}`,
    account: `acct:${account}`,
    trusted: `ok:${account}|${address}`,
  };
}

export type Admission = { succeeded: () => Promise<void> };

/**
 * Counts this attempt or refuses it with 429. The caller checks the password only after this
 * returns, and calls `succeeded()` when it was right, which gives the attempt back.
 */
export async function admitSignin(db: DbOrTx, username: string, address: string): Promise<Admission> {
  const p = SIGNIN_POLICY;
  const keys = keysOf(username, address);
  const byAddress = await repo.countAttempt(db, keys.address, p.windowSeconds);
  if (byAddress.attempts > p.perAddress) {
    throw tooManyRequests(
      `Too many failed sign-in attempts from this address. Try again in ${minutes(byAddress.wait)} minute(s).`,
      byAddress.wait,
    );
  }
  const byPair = await repo.countAttempt(db, keys.pair, p.windowSeconds);
  if (byPair.attempts > p.perAccountAndAddress) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Try again in ${minutes(byPair.wait)} minute(s).`,
      byPair.wait,
    );
  }
  const trusted = await repo.seenWithin(db, keys.trusted, p.trustedAddressSeconds);
  let accountCounted = false;
  if (!trusted) {
    const wait = await repo.countWithBackoff(db, keys.account, {
      windowSeconds: p.windowSeconds,
      freeAttempts: p.accountFreeAttempts,
      maxWaitSeconds: p.accountMaxWaitSeconds,
    });
    if (wait !== null) {
      throw tooManyRequests(`Too many failed sign-in attempts for this account. Try again in ${wait} second(s).`, wait);
    }
    accountCounted = true;
  }
  return {
    async succeeded() {
      await repo.refundAttempt(db, keys.address);
      await repo.forget(db, keys.pair);
      if (accountCounted) await repo.refundAttempt(db, keys.account);
      await repo.touch(db, keys.trusted);
    },
  };
}

/** Drops counters nobody has touched for longer than any rule looks back. */
export function sweepSigninCounters(db: DbOrTx): Promise<void> {
  return repo.removeOlderThan(db, SIGNIN_POLICY.trustedAddressSeconds);
}
