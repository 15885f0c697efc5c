import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, requiredRef, ts } from './columns.js';

/**
 * A student's signed-in devices: one row per sign-in, its id carried by the token (`sid`). A row is
 * live while it is not ended, its session version is the account's and its token has not expired.
 * An ended row is kept until its token would have expired, so that device hears why it was signed
 * out. Staff sign-ins have no rows (they are not limited).
 */
export const accountDevices = pgTable(
  'account_devices',
  {
    id: text('id').primaryKey(),
    accountId: requiredRef('account_id', () => accounts.id, 'cascade'),
    /** The account's session version at sign-in: a logout or a new password ends the row too. */
    sessionVersion: integer('session_version').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    /** `replaced`: a sign-in on one device too many; `staff`: ended on the student panel. */
    endedReason: text('ended_reason', { enum: ['replaced', 'staff'] }),
  },
  (t) => [index('account_devices_account_idx').on(t.accountId, t.createdAt)],
);
