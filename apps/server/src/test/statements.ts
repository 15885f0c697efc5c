import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.js';

/** The statements an app sent to its database while counting: their texts, in order. */
export type StatementLog = {
  texts: string[];
  /** Forgets what was seen so far. */
  reset: () => void;
  /**
   * Runs `step` and counts only the statements sent on its behalf (its requests' async context):
   * timers and queue workers running meanwhile on the same store are left out.
   */
  during: <T>(step: () => Promise<T>) => Promise<T>;
};

/** Transaction control: left out of the count, which is of the statements a call itself asks. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * Not the call's own work: the job queue's polling, which runs beside the requests on the same
 * store, and on PostgreSQL the session memory's marker (`pg_notify`, sent by the access check at
 * most once per 100 ms per server, see HeardCache).
 */
const BESIDE = /\bpgboss\.|^\s*select pg_notify\(/i;

/**
 * Counts the statements the app sends from now on, by wrapping the driver under drizzle: PGlite's
 * `query` (and each transaction's), or the PostgreSQL pool's and its checked-out clients'. For the
 * tests that hold a call to a number of round trips.
 */
export function countStatements(database: Database): StatementLog {
  const texts: string[] = [];
  const watching = new AsyncLocalStorage<true>();
  let scoped = false;
  const seen = (text: unknown) => {
    if (scoped && !watching.getStore()) return;
    const sqlText = typeof text === 'string' ? text : ((text as { text?: string })?.text ?? String(text));
    if (!CONTROL.test(sqlText) && !BESIDE.test(sqlText)) texts.push(sqlText);
  };
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as PGlite;
    const query = pglite.query.bind(pglite);
    pglite.query = ((text: string, ...rest: unknown[]) => {
      seen(text);
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as PGlite['query'];
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = ((text: string, ...rest: unknown[]) => {
          seen(text);
          return (txQuery as (...args: unknown[]) => unknown)(text, ...rest);
        }) as Transaction['query'];
        return callback(tx);
      })) as PGlite['transaction'];
  } else {
    // Pool.query checks a client out through `connect` too: counting the clients alone counts each once.
    const pool = client as pg.Pool;
    const wrapped = new WeakSet<object>();
    const watch = (connection: pg.PoolClient) => {
      if (wrapped.has(connection)) return connection;
      wrapped.add(connection);
      const target = connection as unknown as { query: (...args: unknown[]) => unknown };
      const query = target.query.bind(target);
      target.query = (text: unknown, ...rest: unknown[]) => {
        seen(text);
        return query(text, ...rest);
      };
      return connection;
    };
    const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
    (pool as unknown as { connect: unknown }).connect = (callback?: (...args: unknown[]) => void) => {
      if (!callback) return (connect() as Promise<pg.PoolClient>).then(watch);
      return connect((error: unknown, connection: unknown, done: unknown) =>
        callback(error, connection ? watch(connection as pg.PoolClient) : connection, done),
      );
    };
  }
  return {
    texts,
    reset: () => {
      texts.length = 0;
    },
    during: async (step) => {
      scoped = true;
      try {
        return await watching.run(true, step);
      } finally {
        scoped = false;
      }
    },
  };
}
