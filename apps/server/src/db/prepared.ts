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
