import { ROLES } from '@valence/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Staff and students alike: one account table, the role says which. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    loggedIn: boolean('logged_in').notNull().default(false),
    /** Bumped by logout / force logout: tokens carrying an older version are refused. */
    sessionVersion: integer('session_version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_username_lower_idx').on(sql`lower(${t.username})`),
    index('accounts_role_idx').on(t.role),
    // Serves the student search (`lower(username) like '%…%'`) at tens of thousands of accounts.
    index('accounts_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
  ],
);
