import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    // The audit screen's filters: one person's entries, or one kind's, newest first.
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
