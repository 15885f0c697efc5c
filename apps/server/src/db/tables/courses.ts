import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const courses = pgTable('courses', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  paused: boolean('paused').notNull().default(false),
  createdAt: createdAt(),
});
