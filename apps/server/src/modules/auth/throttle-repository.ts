import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The counters live in the database and each change is one statement, so two requests (or two
 * server processes) never both read "4 of 5" and both go on: the row lock of the upsert orders them.
 * Times come from the database's clock for the same reason.
 */

type Row = { attempts: number; wait: number };

const first = (rows: unknown): Row | undefined => {
  const row = rowsOf(rows)[0] as { attempts: number | string; wait: number | string | null } | undefined;
  return row && { attempts: Number(row.attempts), wait: Math.max(1, Number(row.wait ?? 1)) };
};

/** One more attempt at `key`: the count starts again at 1 once the window is over. */
const upsertAttempt = (key: string, window: SQL) => sql`
    insert into signin_throttle as t (key, attempts, window_start, last_at)
    values (${key}, 1, now(), now())
    on conflict (key) do update set
      attempts = case when t.window_start <= now() - ${window} then 1 else t.attempts + 1 end,
      window_start = case when t.window_start <= now() - ${window} then now() else t.window_start end,
      last_at = now()`;

/** Counts one attempt in a fixed window; answers the count including this one. */
export async function countAttempt(db: DbOrTx, key: string, windowSeconds: number): Promise<Row> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const rows = await db.execute(sql`${upsertAttempt(key, window)}
    returning attempts, ceil(extract(epoch from (window_start + ${window} - now()))) as wait`);
  return first(rows) as Row;
}

/**
 * Counts one attempt unless the key is in back-off: after `freeAttempts` in the window, each further
 * attempt must wait 2^(n - free) seconds (at most `maxWaitSeconds`) after the one before. Answers
 * null when counted, else the seconds to wait.
 */
export async function countWithBackoff(
  db: DbOrTx,
  key: string,
  policy: { windowSeconds: number; freeAttempts: number; maxWaitSeconds: number },
): Promise<number | null> {
  const window = sql`make_interval(secs => ${policy.windowSeconds})`;
  const backoff = sql`make_interval(secs => least(${policy.maxWaitSeconds}, power(2, t.attempts - ${policy.freeAttempts})))`;
  const counted = await db.execute(sql`${upsertAttempt(key, window)}
    where t.window_start <= now() - ${window}
      or t.attempts < ${policy.freeAttempts}
      or t.last_at <= now() - ${backoff}
    returning attempts, 0 as wait`);
  if (first(counted)) return null;
  const waiting = await db.execute(sql`
    select attempts, ceil(extract(epoch from (t.last_at + ${backoff} - now()))) as wait
    from signin_throttle t where key = ${key}`);
  return first(waiting)?.wait ?? 1;
}

/**
 * A leaky bucket of failures: `attempts` is the level at `window_start`, and one failure leaks away
 * every `leakSeconds` after it. Whole leaks move `window_start` on, so the part of a leak already
 * waited is kept.
 */
const leaked = (leak: SQL) => sql`floor(extract(epoch from (now() - t.window_start)) / ${leak})`;

/**
 * The bucket's level now, and the seconds until it is below `limit` (meaningful only when it is not).
 */
export async function failureLevel(db: DbOrTx, key: string, limit: number, leakSeconds: number): Promise<Row> {
  const leak = sql`${leakSeconds}::float8`;
  const rows = await db.execute(sql`
    select greatest(t.attempts - ${leaked(leak)}, 0) as attempts,
      ceil(extract(epoch from (t.window_start + make_interval(secs => (t.attempts - ${limit} + 1) * ${leak}) - now()))) as wait
    from signin_throttle t where key = ${key}`);
  return first(rows) ?? { attempts: 0, wait: 1 };
}

/** One more failure in the bucket at `key` (see failureLevel). */
export async function addFailure(db: DbOrTx, key: string, leakSeconds: number): Promise<void> {
  const leak = sql`${leakSeconds}::float8`;
  await db.execute(sql`
    insert into signin_throttle as t (key, attempts, window_start, last_at) values (${key}, 1, now(), now())
    on conflict (key) do update set
      attempts = greatest(t.attempts - ${leaked(leak)}, 0) + 1,
      window_start = case when t.attempts <= ${leaked(leak)} then now()
        else t.window_start + make_interval(secs => ${leaked(leak)} * ${leak}) end,
      last_at = now()`);
}

/** Gives back an attempt that turned out to be the right password. */
export async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update signin_throttle set attempts = greatest(attempts - 1, 0) where key = ${key}`);
}

export async function forget(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from signin_throttle where key = ${key}`);
}

/** Marks a key as seen now (used for "this address has signed in to this account before"). */
export async function touch(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`
    insert into signin_throttle (key, attempts, window_start, last_at) values (${key}, 0, now(), now())
    on conflict (key) do update set last_at = now()`);
}

export async function seenWithin(db: DbOrTx, key: string, seconds: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 as attempts, 0 as wait from signin_throttle
    where key = ${key} and last_at > now() - make_interval(secs => ${seconds})`);
  return first(rows) !== undefined;
}

/** Rows untouched for longer than every window that reads them are dead weight. */
export async function removeOlderThan(db: DbOrTx, seconds: number): Promise<void> {
  await db.execute(sql`delete from signin_throttle where last_at < now() - make_interval(secs => ${seconds})`);
}
