import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, id, requiredRef, ts } from './columns.js';
import { courses } from './courses.js';

/** The institute's details that head every PDF handed to students and parents (one row, id 1). */
export const instituteSettings = pgTable('institute_settings', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  contact: text('contact').notNull().default(''),
  /** What the public Contact page shows: each empty until the superadmin sets it. */
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  instagram: text('instagram').notNull().default(''),
  facebook: text('facebook').notNull().default(''),
  /** The logo in the file store (png or jpeg), or null. */
  logoKey: text('logo_key'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A course's report packs being made on the server: progress, then the zip in the file store. */
export const reportJobs = pgTable('report_jobs', {
  id: id(),
  courseId: requiredRef('course_id', () => courses.id, 'cascade'),
  requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'expired'] })
    .notNull()
    .default('queued'),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  fileKey: text('file_key'),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: ts('finished_at'),
});
