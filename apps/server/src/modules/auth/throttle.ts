import type { DbOrTx } from '../../db/client.js';
import { createKeyedConcurrencyLimit } from '../../lib/concurrency-limit.js';
import { tooManyRequests } from '../../lib/errors.js';
import * as repo from './throttle-repository.js';

/**
 * The sign-in policy.
 * - One account from one address gets 5 attempts per 15 minutes (then that pair waits out the window).
 * - One account from all addresses together gets 10, after which attempts from addresses that never
 *   signed in to it are slowed (1 s, 2 s, 4 s … at most 60 s apart) rather than locked out, and an
 *   address that signed in to it within 30 days is not slowed at all.
 *   Both count each attempt before its password is checked, so parallel guesses cannot outrun them.
 * - One address is judged by its wrong passwords, not by its attempts: a tuition centre or a mobile
 *   carrier puts hundreds of people behind one address, and their right passwords must not be refused
 *   for arriving together. The address may get 30 wrong, and one is forgiven every 5 s; past 30 it
 *   waits for the next one (429 with a `Retry-After` of seconds) instead of being locked for minutes.
 *   Accounts that signed in from the address before are neither counted nor slowed by it. So one
 *   password sprayed over many accounts from one address gets 30 checks, then 12 a minute.
 * - A failure is only known once its password has been checked, so at most 4 attempts per address are
 *   checked at once on each server and the rest wait their turn (they are not refused): parallel
 *   attempts overshoot the address's 30 by at most 4 per server.
 */
export const SIGNIN_POLICY = {
  windowSeconds: 15 * 60,
  perAccountAndAddress: 5,
  accountFreeAttempts: 10,
  accountMaxWaitSeconds: 60,
  trustedAddressSeconds: 30 * 24 * 3600,
  addressFreeFailures: 30,
  addressFailureSeconds: 5,
  addressChecksAtOnce: 4,
} as const;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The keys of one attempt; usernames compare case-insensitively, as accounts do. */
function keysOf(username: string, address: string) {
  const account = username.trim().toLowerCase();
  return {
    address: `fail:${address}`,
    pair: `pair:${account}|${address}`,
    account: `acct:${account}`,
    trusted: `ok:${account}|${address}`,
  };
}

export class SigninThrottle {
  private readonly checksPerAddress = createKeyedConcurrencyLimit(SIGNIN_POLICY.addressChecksAtOnce);

  constructor(private readonly db: DbOrTx) {}

  /**
   * Runs `check` (the password check, answering the account or null) if the policy lets this attempt
   * through, else refuses it with 429; then counts a failure or gives the attempt back.
   */
  attempt<T>(username: string, address: string, check: () => Promise<T | null>): Promise<T | null> {
    return this.checksPerAddress(address, async () => {
      const keys = keysOf(username, address);
      const trusted = await repo.seenWithin(this.db, keys.trusted, SIGNIN_POLICY.trustedAddressSeconds);
      if (!trusted) await this.admitAddress(keys.address);
      await this.admitPair(keys.pair);
      // The owner's usual address is not counted against the account, so strangers cannot slow it.
      if (!trusted) await this.admitAccount(keys.account);
      const result = await check();
      if (result === null) {
        if (!trusted) await repo.addFailure(this.db, keys.address, SIGNIN_POLICY.addressFailureSeconds);
        return null;
      }
      await repo.forget(this.db, keys.pair);
      if (!trusted) await repo.refundAttempt(this.db, keys.account);
      await repo.touch(this.db, keys.trusted);
      return result;
    });
  }

  /** Drops counters nobody has touched for longer than any rule looks back. */
  sweep(): Promise<void> {
    return repo.removeOlderThan(this.db, SIGNIN_POLICY.trustedAddressSeconds);
  }

  private async admitAddress(key: string) {
    const p = SIGNIN_POLICY;
    const failures = await repo.failureLevel(this.db, key, p.addressFreeFailures, p.addressFailureSeconds);
    if (failures.attempts >= p.addressFreeFailures) {
      throw tooManyRequests(
        `Too many failed sign-in attempts from this address. Try again in ${failures.wait} second(s).`,
        failures.wait,
      );
    }
  }

  private async admitPair(key: string) {
    const p = SIGNIN_POLICY;
    const byPair = await repo.countAttempt(this.db, key, p.windowSeconds);
    if (byPair.attempts > p.perAccountAndAddress) {
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${minutes(byPair.wait)} minute(s).`,
        byPair.wait,
      );
    }
  }

  /** Counts the attempt against the account, or refuses it while the account is in back-off. */
  private async admitAccount(key: string) {
    const p = SIGNIN_POLICY;
    const wait = await repo.countWithBackoff(this.db, key, {
      windowSeconds: p.windowSeconds,
      freeAttempts: p.accountFreeAttempts,
      maxWaitSeconds: p.accountMaxWaitSeconds,
    });
    if (wait !== null) {
      throw tooManyRequests(`Too many failed sign-in attempts for this account. Try again in ${wait} second(s).`, wait);
    }
  }
}
