import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { type NamingLimits, statementNamer } from './named-statements.js';

/**
 * Fewer than on PostgreSQL: the embedded engine keeps each plan in the server's own memory, which
 * the embedded store's budget counts.
 */
const PGLITE_LIMITS: NamingLimits = { names: 200, params: 64 };

/** PostgreSQL's code for "prepared statement does not exist". */
const NO_SUCH_STATEMENT = '26000';

/** A statement that drops the session's named statements (pglite-tools' pgDump ends with one). */
const DROPS_NAMES = /^\s*(deallocate|discard)\b/i;

/** The client's table of parsers by type, as `parseResults` takes it. */
type Parsers = PGlite['parsers'];

type Query = <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

const joined = (...messages: Uint8Array[]) => Buffer.concat(messages);

/**
 * The arguments for PGlite's `parseResults` that read the same values with a statement's own
 * parsers (drizzle passes nine on every statement) laid over the client's table. Handed the two
 * apart, `parseResults` copies the client's 318 parsers into a new object on every call: about
 * 0.12 ms a statement, a tenth of the embedded server's work when a class opens its exam together.
 * A table that falls back to the client's own through its prototype costs nothing to make.
 */
function parsing(parsers: Parsers, options: QueryOptions | undefined): [Parsers, QueryOptions | undefined] {
  if (!options?.parsers) return [parsers, options];
  const overlaid = Object.assign(Object.create(parsers) as Parsers, options.parsers);
  return [overlaid, { ...options, parsers: undefined }];
}

/** One run of a named statement. */
type Call = {
  name: string;
  text: string;
  params: unknown[];
  options: QueryOptions | undefined;
  inTransaction: boolean;
};

/**
 * The embedded engine's counterpart of `nameStatements`: each parameterised statement is parsed
 * once under a name and then only bound and executed. PGlite's own `query` parses, describes and
 * plans the text again on every call, in five trips into the engine; for the students' exam list
 * that was 3.5–3.9 ms a call against 0.4–0.5 ms named. PGlite runs one session, so a name made once
 * serves every later call, inside a transaction or not.
 *
 * Replaces `client.query` and the `query` of each transaction `client.transaction` hands out, with
 * the same locking PGlite's own takes: a statement outside a transaction waits for any transaction
 * to end, and no two statements interleave. A statement with a blob (COPY), a notice handler, no
 * parameters or too many, or past the limit of names runs through PGlite's own `query` as before.
 */
export function nameStatementsPglite(client: PGlite, limits: NamingLimits = PGLITE_LIMITS): void {
  const namer = statementNamer(limits);
  /** The names made in the engine's session, with the types of their parameters. */
  const made = new Map<string, number[]>();

  const nameOf = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) => {
    if (options?.blob || options?.onNotice || options?.paramTypes) return undefined;
    const named = namer({ text }, params) as { name?: string };
    return named.name;
  };

  const make = async (name: string, text: string): Promise<number[]> => {
    const { messages } = await client.execProtocol(
      joined(
        protocol.serialize.parse({ name, text, types: [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    made.set(name, types);
    return types;
  };

  const runNamed = async <T>({ name, text, params, options, inTransaction }: Call): Promise<Results<T>> => {
    const types = made.get(name) ?? (await make(name, text));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = types[i] ?? 0;
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const { messages } = await client.execProtocol(
      joined(
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
      // As PGlite's own query: the files are synced after a statement outside a transaction.
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, ...parsing(client.parsers, options))[0] as Results<T>;
  };

  /**
   * Runs the named statement. A DEALLOCATE or DISCARD sent through this client is seen (see
   * `forgetting`); should the session lose a name some other way, the statement is made again,
   * outside a transaction at once, inside one from its next statement on (the failed one has
   * aborted the transaction).
   */
  const named = async <T>(call: Call): Promise<Results<T>> => {
    try {
      return await runNamed<T>(call);
    } catch (error) {
      const lost = (error as { code?: unknown }).code === NO_SUCH_STATEMENT && made.delete(call.name);
      if (!lost || call.inTransaction) throw error;
      return await runNamed<T>(call);
    }
  };

  /** `run`, after which the names are forgotten if `text` dropped them from the session. */
  const forgetting = async <R>(text: string, run: () => Promise<R>): Promise<R> => {
    if (!DROPS_NAMES.test(text)) return run();
    try {
      return await run();
    } finally {
      made.clear();
    }
  };

  const exec = client.exec.bind(client);
  Object.assign(client, {
    exec: (text: string, options?: QueryOptions) => forgetting(text, () => exec(text, options)),
  });

  const query = client.query.bind(client) as Query;
  const replacement: Query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = nameOf(text, params, options);
    if (name === undefined || params === undefined) return forgetting(text, () => query<T>(text, params, options));
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client.runExclusive(() => named<T>({ name, text, params, options, inTransaction: false })),
    );
  };
  Object.assign(client, { query: replacement });

  const transaction = client.transaction.bind(client);
  const transactionReplacement = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as Query;
      const txExec = tx.exec.bind(tx);
      const txReplacement: Query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        const name = nameOf(text, params, options);
        if (name === undefined || params === undefined || tx.closed) {
          return forgetting(text, () => txQuery<R>(text, params, options));
        }
        // The transaction holds PGlite's transaction lock already; one statement at a time within it.
        return client.runExclusive(() => named<R>({ name, text, params, options, inTransaction: true }));
      };
      Object.assign(tx, {
        query: txReplacement,
        exec: (text: string, options?: QueryOptions) => forgetting(text, () => txExec(text, options)),
      });
      return callback(tx);
    });
  Object.assign(client, { transaction: transactionReplacement });
}
