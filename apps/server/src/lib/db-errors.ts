/**
 * PostgreSQL errors as pg and PGlite report them, possibly wrapped by Drizzle (`cause`): the
 * SQLSTATE code and constraint decide the answer; the values they carry must not reach a log.
 */
type PgFields = {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  message?: unknown;
  query?: unknown;
  cause?: unknown;
};

/** The innermost error that carries a SQLSTATE code, if any. */
function pgError(error: unknown): PgFields | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const fields = current as PgFields;
    // `severity` tells a server's error from a system one with a five-letter code (EPIPE, EPERM).
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && 'severity' in fields) return fields;
    current = fields.cause;
  }
  return undefined;
}

export function pgErrorCode(error: unknown): string | undefined {
  return pgError(error)?.code as string | undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  const constraint = pgError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';

/** Database errors that come from what the client sent: each answered with a status and a sentence. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'This already exists.' },
  '23503': {
    status: 409,
    message: 'This refers to a record that no longer exists, or to one that is still in use.',
  },
  '23502': { status: 400, message: 'A required value is missing.' },
  '23514': { status: 400, message: 'A value is not allowed.' },
  '22001': { status: 400, message: 'A text in the request is too long.' },
  '22003': { status: 400, message: 'A number in the request is out of range.' },
  '22007': { status: 400, message: 'A date in the request is not valid.' },
  '22008': { status: 400, message: 'A date in the request is out of range.' },
  '22021': { status: 400, message: 'The request contains characters that cannot be stored.' },
  '22P02': { status: 400, message: 'A value in the request has the wrong form.' },
  '22P05': { status: 400, message: 'The request contains characters that cannot be stored.' },
};

export function clientErrorOf(error: unknown): { status: number; message: string } | undefined {
  const code = pgErrorCode(error);
  return code ? CLIENT_ERRORS[code] : undefined;
}

/**
 * SQLSTATEs that say the database is away rather than that the statement was wrong: connection
 * exceptions (class 08), the server shutting down or ending sessions (57P01 administrator command,
 * 57P02 crash, 57P03 starting up or shutting down), no connection slot left (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** Socket failures on the way to the database or file store (refused, reset, unreachable, name not resolved). */
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg and pg-pool throw, without a code, when a connection is gone or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly; due to connection timeout
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/, // a client that has had a connection error, or was closed
  /^Client has encountered a connection error/,
];

/**
 * The code of a socket failure (ECONNREFUSED, ECONNRESET…) anywhere in the error's `cause` chain or
 * among an AggregateError's errors (Node's report of a refused connection to a name with several
 * addresses), whatever the peer was.
 */
export function networkFailureCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, errors } = current as { code?: unknown; errors?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_SYSTEM_CODES.has(code)) return code;
    const inner = Array.isArray(errors) ? errors.map(networkFailureCode).find(Boolean) : undefined;
    if (inner) return inner;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether the error says that the database could not be reached or dropped the connection (a
 * restart, a failover, a network fault), anywhere in its `cause` chain: the request may well
 * succeed a few seconds later, so it is answered 503 rather than 500.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => unavailableCause(error) !== undefined;

/**
 * The layer of the error that says the database is away, as it may be logged: its code and message
 * (a wrapper's message may list the query's parameters; this one names no value).
 */
export function unavailableCause(error: unknown): { code?: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code)))
      return { code, message: text };
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(text))) return { message: text };
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    const inner = Array.isArray(errors) ? errors.map(unavailableCause).find(Boolean) : undefined;
    if (inner) return inner;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The answer to a request the database could not serve because it was away. */
export const DATABASE_UNAVAILABLE = {
  status: 503,
  message: 'The database is not answering at the moment. Please try again in a few seconds.',
  /** Seconds a client should wait before trying again (Retry-After). */
  retryAfterSeconds: 2,
} as const;

/**
 * What may be logged of a database error: the code, the constraint, table and column, and the SQL
 * text, but not the parameters (usernames, titles, hashes) nor the quoted values PostgreSQL puts in
 * its messages and details ("Key (username)=(bob) already exists").
 */
export function redactDbError(error: unknown): Record<string, unknown> | undefined {
  const pg = pgError(error);
  if (!pg) return undefined;
  const names = [pg.constraint, pg.table, pg.column].filter((name): name is string => typeof name === 'string');
  const message =
    typeof pg.message === 'string'
      ? pg.message.replace(/"[^"]*"/g, (quoted) => (names.includes(quoted.slice(1, -1)) ? quoted : '"[redacted]"'))
      : undefined;
  const query = (error as PgFields).query ?? pg.query;
  return {
    type: 'DatabaseError',
    code: pg.code,
    message,
    constraint: pg.constraint,
    table: pg.table,
    column: pg.column,
    query: typeof query === 'string' ? query : undefined,
  };
}
