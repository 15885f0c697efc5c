import type { DbOrTx } from './client.js';

/**
 * A statement drizzle builds once per database handle and then only runs (`.prepare(name)` with
 * `sql.placeholder` for its values). Building a select's SQL walks every column and condition
 * through drizzle's type checks: for the students' exam list that was a third of the server's CPU
 * per request, more than the query itself. For the few statements a whole class runs at once; the
 * name must be unique, since PostgreSQL keeps one plan per name on each connection.
 */
export function preparedPer<Statement>(build: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const built = new WeakMap<DbOrTx, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
