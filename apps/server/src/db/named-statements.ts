import type pg from 'pg';

export type NamingLimits = {
  /** Distinct statement texts given a name; later ones run unnamed. Each connection keeps a plan per name. */
  names: number;
  /** Statements with more parameters are one-off bulk writes (seed batches, enrol many): not kept. */
  params: number;
};

const DEFAULT_LIMITS: NamingLimits = { names: 400, params: 64 };

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Names each parameterised statement after its text, so PostgreSQL parses it once per connection
 * and, after a few runs, plans it once: later runs are only bind and execute. Measured on the demo
 * class, parsing and planning were most of the database's time for a page of six scripts.
 *
 * A statement whose best plan depends on its values must differ in text when the values do (see
 * `contains` in lib/paging.ts: a search too short for the trigram index is written another way).
 */
export function nameStatements(pool: pg.Pool, limits: NamingLimits = DEFAULT_LIMITS): void {
  const namer = statementNamer(limits);
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (config, values, callback) =>
      query(namer(config, values), values, callback);
  });
}

/** The query config with a name added when it is worth keeping; otherwise the config as it came. */
export function statementNamer(limits: NamingLimits) {
  const names = new Map<string, string>();
  return (given: unknown, values: unknown): unknown => {
    const config = typeof given === 'string' ? { text: given } : given;
    if (typeof config !== 'object' || config === null) return given;
    const { text, name, submit } = config as { text?: unknown; name?: unknown; submit?: unknown };
    // A cursor or stream (submit) drives its own protocol; a named config is the caller's choice.
    if (typeof text !== 'string' || name !== undefined || typeof submit === 'function') return given;
    const params = Array.isArray(values) ? values : (config as { values?: unknown }).values;
    // Without parameters pg uses the simple protocol, which also runs scripts of several statements.
    if (!Array.isArray(params) || params.length === 0 || params.length > limits.params) return given;
    let found = names.get(text);
    if (found === undefined) {
      if (names.size >= limits.names) return given;
      found = `valence_${names.size + 1}`;
      names.set(text, found);
    }
    return { ...config, name: found };
  };
}
