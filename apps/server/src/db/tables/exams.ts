import { EXAM_TYPES, type MarkScheme, REVIEW_AFTER } from '@valence/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, flag, id, requiredRef, ts } from './columns.js';
import { courses } from './courses.js';

export const exams = pgTable(
  'exams',
  {
    id: id(),
    courseId: requiredRef('course_id', () => courses.id, 'cascade'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    dueDate: ts('due_date').notNull(),
    examType: text('exam_type', { enum: EXAM_TYPES }).notNull(),
    examIdentifier: text('exam_identifier').notNull(),
    published: flag('published'),
    gradesPublished: flag('grades_published'),
    contentDeleted: flag('content_deleted'),
    paperKey: text('paper_key'),
    /** PART II: the questions and their maximum marks (adding up to 100); empty means one score. */
    markScheme: jsonb('mark_scheme').$type<MarkScheme>().notNull().default([]),
    /** PART II: comments the tutor reuses while marking. */
    commentBank: jsonb('comment_bank').$type<string[]>().notNull().default([]),
    /** Before this the exam is listed to students but not given out; null: open once published. */
    opensAt: ts('opens_at'),
    /** A sitting started with /me/exams/{id}/start lasts this long (plus a student's extra time); null: untimed. */
    timeLimitMinutes: smallint('time_limit_minutes'),
    /** MCQ: each sitting gets its own order of questions / of each question's options, fixed at its start. */
    shuffleQuestions: flag('shuffle_questions'),
    shuffleOptions: flag('shuffle_options'),
    /** MCQ: each sitting draws this many of the paper's questions; null: all of them. */
    questionsPerStudent: smallint('questions_per_student'),
    /** When a student sees the correct answers and feedback of their MCQ. */
    reviewAfter: text('review_after', { enum: REVIEW_AFTER }).notNull().default('with-marks'),
    createdAt: createdAt(),
  },
  (t) => [
    index('exams_course_idx').on(t.courseId),
    // One exam per identifier and type in a course, among those whose content is not deleted: an
    // identifier is free again once its exam's content is gone.
    uniqueIndex('exams_identifier_type_idx')
      .on(t.courseId, t.examIdentifier, t.examType)
      .where(sql`not ${t.contentDeleted}`),
    index('exams_identifier_idx').on(t.examIdentifier),
  ],
);

/**
 * How many scripts each exam has, and how many PART II scripts still lack a score (0 for MCQ), so
 * that no list recounts a class's scripts. Written only by a trigger on submissions (migration
 * 0010) in the transaction that changes a script, at its commit; an exam's figures are the sums of
 * its rows. The rows are split by student (`shard` = student id mod 8) so that a class handing in
 * together does not queue on one row.
 */
export const examScriptCounts = pgTable(
  'exam_script_counts',
  {
    examId: requiredRef('exam_id', () => exams.id, 'cascade'),
    shard: smallint('shard').notNull(),
    submitted: integer('submitted').notNull().default(0),
    unmarked: integer('unmarked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.examId, t.shard] })],
);

/**
 * One student's own window for one exam (an accommodation, a late joiner): extra minutes on a timed
 * sitting, and an opening or closing of their own instead of the exam's.
 */
export const examOverrides = pgTable(
  'exam_overrides',
  {
    examId: requiredRef('exam_id', () => exams.id, 'cascade'),
    studentId: requiredRef('student_id', () => accounts.id, 'cascade'),
    extraMinutes: smallint('extra_minutes'),
    opensAt: ts('opens_at'),
    dueDate: ts('due_date'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.studentId] })],
);
