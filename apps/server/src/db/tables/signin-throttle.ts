import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * Sign-in attempt counters, one row per key (address, account+address, account). Counted in the
 * database with one upsert before the password is checked, so parallel guesses and several server
 * processes share one count.
 */
export const signinThrottle = pgTable(
  'signin_throttle',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: ts('window_start').notNull().defaultNow(),
    lastAt: ts('last_at').notNull().defaultNow(),
  },
  (t) => [index('signin_throttle_last_at_idx').on(t.lastAt)],
);
