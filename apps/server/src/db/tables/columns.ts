import { type AnyPgColumn, boolean, integer, serial, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A table's own key: a PostgreSQL serial, so ids stay in 1 … 2^31 − 1 (the contract's `idSchema`). */
export const id = () => serial('id').primaryKey();

/** A yes/no column that starts as no. */
export const flag = (name: string) => boolean(name).notNull().default(false);

/**
 * A required reference to another table's row; `onDelete` says what deleting that row does to this
 * one (`cascade` takes it along; `restrict` refuses the delete while this one exists).
 */
export const requiredRef = (name: string, column: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  integer(name).notNull().references(column, { onDelete });
