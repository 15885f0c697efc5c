import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, requiredRef, ts } from './columns.js';

/**
 * The answers of calls sent with an `Idempotency-Key` header (plugins/idempotency.ts), one row per
 * account and key: a row without a status is a call still being worked on. Kept a day, then swept.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: requiredRef('account_id', () => accounts.id, 'cascade'),
    key: text('key').notNull(),
    /** A hash of the method, the address and the body: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    /** The answer's JSON as the handler gave it; it is serialised again through the route's schema. */
    body: text('body'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);
