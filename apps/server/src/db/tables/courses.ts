import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, flag, id } from './columns.js';

export const courses = pgTable(
  'courses',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    paused: flag('paused'),
    createdAt: createdAt(),
  },
  // The course list's order, newest first (the index read backwards): a page reads its rows off it
  // instead of sorting every course.
  (t) => [index('courses_created_idx').on(t.createdAt, t.id)],
);
