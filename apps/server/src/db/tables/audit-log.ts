import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);
