import { describe, expect, it } from 'vitest';
import {
  clientErrorOf,
  isDatabaseUnavailable,
  isUniqueViolation,
  pgErrorCode,
  redactDbError,
  unavailableCause,
} from './db-errors.js';

/** As Drizzle wraps a pg error: the message lists the parameters, the cause holds the SQLSTATE. */
function drizzleError(cause: Record<string, unknown>) {
  const error = new Error(
    'Failed query: insert into "accounts" ("username", "password_hash") values ($1, $2)\nparams: bob,scrypt$16384$8$5$c2FsdA==$aGFzaA==',
  );
  return Object.assign(error, {
    query: 'insert into "accounts" ("username", "password_hash") values ($1, $2)',
    params: ['bob', 'scrypt$16384$8$5$c2FsdA==$aGFzaA=='],
    cause: Object.assign(new Error(String(cause.message)), { severity: 'ERROR', ...cause }),
  });
}

describe('database errors', () => {
  const unique = drizzleError({
    code: '23505',
    message: 'duplicate key value violates unique constraint "accounts_username_lower_idx"',
    detail: 'Key (lower(username))=(bob) already exists.',
    constraint: 'accounts_username_lower_idx',
    table: 'accounts',
  });

  it('finds the SQLSTATE through the wrapper and maps client faults to 4xx', () => {
    expect(pgErrorCode(unique)).toBe('23505');
    expect(isUniqueViolation(unique)).toBe(true);
    expect(clientErrorOf(unique)?.status).toBe(409);
    expect(clientErrorOf(drizzleError({ code: '22003', message: 'integer out of range' }))?.status).toBe(400);
    expect(clientErrorOf(drizzleError({ code: '23503', message: 'fk' }))?.status).toBe(409);
    expect(clientErrorOf(drizzleError({ code: '22021', message: 'invalid byte sequence' }))?.status).toBe(400);
    expect(clientErrorOf(new Error('boom'))).toBeUndefined();
    expect(clientErrorOf(Object.assign(new Error('broken pipe'), { code: 'EPIPE' }))).toBeUndefined();
    expect(clientErrorOf(drizzleError({ code: '57P01', message: 'terminating connection' }))).toBeUndefined();
  });

  it('logs the SQL and the constraint but no parameter, detail or quoted value', () => {
    const logged = JSON.stringify(redactDbError(unique));
    expect(logged).toContain('insert into');
    expect(logged).toContain('accounts_username_lower_idx');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('bob');
    expect(logged).not.toContain('scrypt');
    expect(logged).not.toContain('already exists');

    const syntax = redactDbError(
      drizzleError({ code: '22P02', message: 'invalid input syntax for type integer: "my secret title"' }),
    );
    expect(syntax?.message).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(redactDbError(new Error('not a database error'))).toBeUndefined();
  });

  it('tells a database that is away from a statement that failed', () => {
    const system = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
    for (const away of [
      drizzleError({ code: '57P01', message: 'terminating connection due to administrator command' }),
      drizzleError({ code: '57P03', message: 'the database system is shutting down' }),
      drizzleError({ code: '08006', message: 'connection failure' }),
      drizzleError({ code: '53300', message: 'sorry, too many clients already' }),
      system('ECONNREFUSED'),
      system('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      // Node's report of a refused connection to a name that resolves to IPv6 and IPv4.
      new AggregateError([system('ECONNREFUSED'), system('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(away), String(away)).toBe(true);
    }
    for (const fault of [
      unique,
      drizzleError({ code: '42601', message: 'syntax error' }),
      drizzleError({ code: '57014', message: 'canceling statement due to statement timeout' }),
      system('ENOENT'),
      new Error('boom'),
      undefined,
    ]) {
      expect(isDatabaseUnavailable(fault), String(fault)).toBe(false);
    }
  });

  it('logs of a lost connection what pg said, not the statement’s parameters', () => {
    const lost = drizzleError({ code: '57P01', message: 'terminating connection due to administrator command' });
    expect(unavailableCause(lost)).toEqual({
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
    expect(JSON.stringify(unavailableCause(lost))).not.toContain('bob');
  });
});
