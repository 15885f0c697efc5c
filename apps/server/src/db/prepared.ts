import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * A statement drizzle builds once per database handle and then only runs (`.prepare(name)` with
 * `sql.placeholder` for its values). Building a select's SQL walks every column and condition
 * through drizzle's type checks: for the students' exam list that was a third of the server's CPU
 * per request, more than the query itself. For the statements a whole class runs at once and the
 * pages staff turn through all day; the name must be unique, since PostgreSQL keeps one plan per
 * name on each connection.
 */
export function preparedPer<Statement>(build: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const one = preparedWays((db, _way: 'one') => build(db));
  return (db) => one(db, 'one');
}

/**
 * `preparedPer` for a statement written a few ways (with or without a search, a search too short
 * for the trigram index): one statement per handle and way, each under its own name.
 */
export function preparedWays<Way extends string, Statement>(
  build: (db: DbOrTx, way: Way) => Statement,
): (db: DbOrTx, way: Way) => Statement {
  const built = new WeakMap<DbOrTx, Map<Way, Statement>>();
  return (db, way) => {
    let ways = built.get(db);
    if (ways === undefined) {
      ways = new Map();
      built.set(db, ways);
    }
    let statement = ways.get(way);
    if (statement === undefined) {
      statement = build(db, way);
      ways.set(way, statement);
    }
    return statement;
  };
}

/** How far into a list a read goes: a screen's first pages, or further (a streamed list's pages, a deep page). */
export type Reach = 'near' | 'far';

/** Rows (offset + limit) up to which a read is near: a screen's first pages. */
export const NEAR_ROWS = 100;

export function reachOf(window: { limit: number; offset: number }): Reach {
  return window.offset + window.limit <= NEAR_ROWS ? 'near' : 'far';
}

/** A page's query as a `preparedWindows` builder returns it, before it is prepared (a drizzle select). */
export type WindowQuery<Statement> = { prepare(name: string): Statement; toSQL(): { sql: string } };

/**
 * `preparedWays` for pages of a list: one statement per way and per reach, named
 * `${name}_${way}_${reach}`. PostgreSQL plans a named statement for each execution's values only for
 * its first five; then it keeps one generic plan if that costs no more than the plans it made. An
 * unpaged list read 500 rows at a time at offsets up to the class's size made plans costing as much
 * as reading the class, so the generic plan won, and each first page after it hashed and sorted the
 * 9,499 enrolments of a course for 8 rows (20–30 ms instead of 0.1). Near and far reads under
 * separate names keep a screen's pages on plans made for small windows.
 *
 * The builder returns the query unprepared (this names and prepares it) and writes its condition
 * with `reachCondition`; a builder whose near and far queries come out as the same text throws on
 * its first use, since the embedded store would give them one plan.
 */
export function preparedWindows<Way extends string, Statement>(
  name: string,
  build: (db: DbOrTx, way: Way, reach: Reach) => WindowQuery<Statement>,
): (db: DbOrTx, way: Way, window: { limit: number; offset: number }) => Statement {
  const statements = preparedWays((db, key: `${Way}~${Reach}`) => {
    const [way, reach] = key.split('~') as [Way, Reach];
    const query = build(db, way, reach);
    const other = build(db, way, reach === 'near' ? 'far' : 'near');
    if (query.toSQL().sql === other.toSQL().sql)
      throw new Error(`${name}, ${way}: near and far pages are one text; write the condition with reachCondition.`);
    return query.prepare(`${name}_${way}_${reach}`);
  });
  return (db, way, window) => statements(db, `${way}~${reachOf(window)}`);
}

/**
 * A page's condition as a `preparedWindows` builder writes it: a far read's with `and true`, which
 * the planner folds away. The embedded store names statements by their text
 * (db/pglite-named-statements.ts), not by the name given to `prepare`, so near and far must differ
 * in text to keep plans of their own there too.
 */
export function reachCondition(condition: SQL | undefined, reach: Reach): SQL | undefined {
  return reach === 'near' ? condition : and(condition ?? sql`true`, sql`true`);
}
