import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../storage/storage.js';
import { processFaultHandlers, survivable } from './process-faults.js';

function recorder() {
  const logged: string[] = [];
  const exits: number[] = [];
  const handlers = processFaultHandlers(
    {
      warn: (_fields, message) => logged.push(`warn ${message}`),
      fatal: (_fields, message) => logged.push(`fatal ${message}`),
    },
    (code) => exits.push(code),
  );
  return { logged, exits, handlers };
}

const ended = () =>
  Object.assign(new pg.DatabaseError('terminating connection due to administrator command', 60, 'error'), {
    severity: 'FATAL',
    code: '57P01',
  });

describe('errors that escape every handler', () => {
  it('serves on after a database or file store fault nothing caught', () => {
    const { logged, exits, handlers } = recorder();
    // What pg emits as 'error' on a connection PostgreSQL ends while nobody listens.
    handlers.uncaughtException(ended());
    handlers.unhandledRejection(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    handlers.unhandledRejection(new Error('Connection terminated unexpectedly'));
    handlers.unhandledRejection(new StorageUnavailableError(new Error('socket hang up')));
    expect(exits).toEqual([]);
    expect(logged).toHaveLength(4);
    expect(logged.every((line) => line.startsWith('warn '))).toBe(true);
  });

  it('exits on anything else, as Node would', () => {
    const { logged, exits, handlers } = recorder();
    handlers.uncaughtException(new TypeError("Cannot read properties of undefined (reading 'id')"));
    handlers.unhandledRejection(new Error('boom'));
    expect(exits).toEqual([1, 1]);
    expect(logged).toEqual(['fatal Uncaught exception: exiting', 'fatal Unhandled rejection: exiting']);
    expect(survivable(new RangeError('Invalid array length'))).toBe(false);
  });
});
