import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, flag, id } from './columns.js';

export const courses = pgTable('courses', {
  id: id(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  paused: flag('paused'),
  createdAt: createdAt(),
});
