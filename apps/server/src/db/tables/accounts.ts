import { LANGUAGES, ROLES } from '@valence/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, flag, id } from './columns.js';

/** Staff and students alike: one account table, the role says which. */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    username: text('username').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    loggedIn: flag('logged_in'),
    /** Bumped by logout / force logout: tokens carrying an older version are refused. */
    sessionVersion: integer('session_version').notNull().default(1),
    /** A disabled account cannot sign in; disabling it moves the session version on too. */
    disabled: flag('disabled'),
    /** A student's chosen language of the students' app (and of their PDFs); null until chosen. */
    language: text('language', { enum: LANGUAGES }),
    /** A student's Data saver setting: lectures stream at the lowest quality. */
    dataSaver: flag('data_saver'),
    createdAt: createdAt(),
    /**
     * Lower-case copies kept by PostgreSQL for the contains-searches (students by username, scripts by
     * name): a LIKE on a stored column costs a third of calling lower() on every row of 20,000.
     */
    usernameLower: text('username_lower').notNull().generatedAlwaysAs(sql`lower(username)`),
    nameLower: text('name_lower').notNull().generatedAlwaysAs(sql`lower(coalesce(name, ''))`),
  },
  (t) => [
    uniqueIndex('accounts_username_lower_idx').on(sql`lower(${t.username})`),
    index('accounts_role_idx').on(t.role),
    // Serve the contains-searches of three or more letters at tens of thousands of accounts.
    index('accounts_username_lower_trgm_idx').using('gin', sql`${t.usernameLower} gin_trgm_ops`),
    index('accounts_name_lower_trgm_idx').using('gin', sql`${t.nameLower} gin_trgm_ops`),
    check('accounts_language_check', sql`${t.language} in ('en', 'si', 'ta')`),
  ],
);
