import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * A viewing reported by heartbeats from the students' app: the parts of the lecture played, as
     * merged [from, to] second ranges (watchedDuration is their total), where playback stood at the
     * last beat, and when the last beat that added played seconds came (a pause report leaves it: see
     * WatchTimeService.beat); the viewing's key is made by the app when playback starts,
     * so every beat of one viewing (a retried one, a beacon sent as the page closes) finds the same
     * row. All null for a record posted whole (POST /watchtime).
     */
    viewingKey: uuid('viewing_key'),
    segments: jsonb('segments').$type<[number, number][]>(),
    position: doublePrecision('position'),
    beatAt: ts('beat_at'),
  },
  (t) => [
    index('watch_time_student_idx').on(t.studentId, t.timestamp),
    // Where a student left a lecture: their latest viewing of it.
    index('watch_time_student_resource_idx').on(t.studentId, t.resourceId, t.timestamp),
    uniqueIndex('watch_time_viewing_idx').on(t.studentId, t.viewingKey),
  ],
);
