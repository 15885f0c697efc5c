import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** `select count(*)` as a number: how many rows of `table` match `where` (all of them without it). */
export function countRows(db: DbOrTx, table: PgTable, where?: SQL): Promise<number> {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(where)
    .then((rows) => rows[0]?.count ?? 0);
}

/** The first row of `table` matching `where` (the one, for a key), or undefined. */
export function findRow<T extends PgTable>(db: DbOrTx, table: T, where: SQL): Promise<T['$inferSelect'] | undefined> {
  return db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)
    .then((rows) => rows[0] as T['$inferSelect'] | undefined);
}

/**
 * The first row of `table` matching `where`, locked until the transaction ends: `update` for one
 * change at a time, `share` for many readers while a change waits for them.
 */
export function lockRow<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  where: SQL,
  mode: 'update' | 'share',
): Promise<T['$inferSelect'] | undefined> {
  return tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for(mode)
    .then((rows) => rows[0] as T['$inferSelect'] | undefined);
}
