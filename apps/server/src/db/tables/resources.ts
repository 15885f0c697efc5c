import { bigint, doublePrecision, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, requiredRef, ts } from './columns.js';
import { courses } from './courses.js';

export const resources = pgTable(
  'resources',
  {
    id: id(),
    courseId: requiredRef('course_id', () => courses.id, 'cascade'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** Either an external http(s) link or the storage key `resources/<prefix>-<name>`. */
    url: text('url').notNull(),
    objectKey: text('object_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    duration: doublePrecision('duration').notNull().default(0),
    liveAt: ts('live_at').notNull(),
    recordingAt: ts('recording_at').notNull(),
    expiresAt: ts('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('resources_course_idx').on(t.courseId),
    // One stored file belongs to one resource: deleting a resource deletes its file.
    uniqueIndex('resources_object_key_idx').on(t.objectKey),
  ],
);
