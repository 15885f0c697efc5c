import type { Annotation } from '@valence/contract';
import { index, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { requiredRef, ts } from './columns.js';
import { exams } from './exams.js';
import { submissions } from './submissions.js';

/** The marking module's tables: what a tutor drew on a script, and who is marking which script now. */
export const scriptAnnotations = pgTable('script_annotations', {
  submissionId: requiredRef('submission_id', () => submissions.id, 'cascade').primaryKey(),
  items: jsonb('items').$type<Annotation[]>().notNull(),
  updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A script held for one tutor by "next unmarked", so two tutors marking one exam never get the
 * same script; a claim past `expiresAt` is free again (the tutor left without saving).
 */
export const markingClaims = pgTable(
  'marking_claims',
  {
    submissionId: requiredRef('submission_id', () => submissions.id, 'cascade').primaryKey(),
    examId: requiredRef('exam_id', () => exams.id, 'cascade'),
    staffId: requiredRef('staff_id', () => accounts.id, 'cascade'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('marking_claims_exam_idx').on(t.examId, t.expiresAt)],
);
