import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { id, requiredRef, ts } from './columns.js';
import { resources } from './resources.js';

/** The watch-time module's table: how long a student watched a lecture, one row per viewing. */
export const watchTime = pgTable(
  'watch_time',
  {
    id: id(),
    studentId: requiredRef('student_id', () => accounts.id, 'cascade'),
    resourceId: integer('resource_id').references(() => resources.id, { onDelete: 'set null' }),
    /** Kept by value so a record survives its resource's deletion. */
    videoName: text('video_name').notNull(),
    watchedDuration: doublePrecision('watched_duration').notNull(),
    timestamp: ts('timestamp').notNull().defaultNow(),
  },
  (t) => [index('watch_time_student_idx').on(t.studentId, t.timestamp)],
);
