import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * `select count(*) from table`, to be joined and filtered: run it with `countOf`, or embed it in a
 * page's statement (`totalOf` in lib/paging.ts).
 */
export function selectCount(db: DbOrTx, table: PgTable) {
  return db.select({ count: sql<number>`count(*)::int` }).from(table);
}

/** The number a `selectCount` statement answers. */
export async function countOf(query: PromiseLike<{ count: number }[]>): Promise<number> {
  return (await query)[0]?.count ?? 0;
}

/** How many rows of `table` match `where` (all of them without it). */
export function countRows(db: DbOrTx, table: PgTable, where?: SQL): Promise<number> {
  return countOf(selectCount(db, table).where(where));
}

/**
 * `column = any($1)` with the ids as one array parameter. drizzle's `inArray` writes a parameter per
 * id, so each length is another statement text: built item by item on every call, and each length
 * taking one of the pool's named statements (see named-statements.ts). For integer columns.
 */
export function inIds(column: PgColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
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

/**
 * The rows of a raw statement (`db.execute`): PGlite's driver answers an array, the pg driver an
 * object holding `rows`. Values come as the driver parsed them (times as text or Date).
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
