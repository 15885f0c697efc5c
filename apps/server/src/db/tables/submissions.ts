import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { flag, id, requiredRef, ts } from './columns.js';
import { exams } from './exams.js';
import { mcqOptions, mcqQuestions } from './questions.js';

/** The submissions module's tables: a student's hand-in for an exam, its marks, and its MCQ answers. */
export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    examId: requiredRef('exam_id', () => exams.id, 'restrict'),
    studentId: requiredRef('student_id', () => accounts.id, 'cascade'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    answerKey: text('answer_key'),
    mcqScore: doublePrecision('mcq_score'),
    traditionalScore: doublePrecision('traditional_score'),
    instructorFeedback: text('instructor_feedback'),
    gradedAt: ts('graded_at'),
    markedPaperKey: text('marked_paper_key'),
    /** One mark per question of the exam's mark scheme, when it has one (they add up to the score). */
    questionMarks: jsonb('question_marks').$type<number[]>(),
    /**
     * Counts the staff's changes to the script (a mark, feedback, a marked paper, its annotations):
     * a save made from an older count is refused, so two tabs never undo each other's mark
     * unawares. A counter and not a time, since two saves in one millisecond must still differ.
     */
    version: integer('version').notNull().default(0),
    /** Who made the change `version` counts last, and when (null before the first). */
    changedBy: integer('changed_by').references(() => accounts.id, { onDelete: 'set null' }),
    changedAt: ts('changed_at'),
    /** Handed in for the student by the server at their deadline (their last draft), not by them. */
    handedInAtDeadline: flag('handed_in_at_deadline'),
  },
  (t) => [
    // One submission per student per exam, also under concurrency; serves an exam's list too.
    uniqueIndex('submissions_exam_student_idx').on(t.examId, t.studentId),
    // A student's scores (summary, marks, exam score) and the files to remove when they are deleted.
    index('submissions_student_idx').on(t.studentId),
    // An exam's scripts newest first: a page of thousands is read off the index backwards, no sort.
    index('submissions_exam_submitted_idx').on(t.examId, t.submittedAt, t.id),
    // The scripts still to mark, counted per exam on every exam list without reading the table.
    index('submissions_unmarked_idx').on(t.examId).where(sql`${t.traditionalScore} is null`),
  ],
);

export const submissionAnswers = pgTable(
  'submission_answers',
  {
    id: id(),
    submissionId: requiredRef('submission_id', () => submissions.id, 'cascade'),
    questionId: requiredRef('question_id', () => mcqQuestions.id, 'restrict'),
    optionId: integer('option_id').references(() => mcqOptions.id, { onDelete: 'restrict' }),
  },
  // Migration 0010 adds INCLUDE (option_id), which drizzle cannot say: item analysis reads the
  // answers of a paper off the index alone.
  (t) => [uniqueIndex('submission_answers_sub_q_idx').on(t.submissionId, t.questionId)],
);

/**
 * An MCQ sitting in progress: the student's choices so far, saved as they make them, so a sitting
 * resumes on another device. `revision` is the client's counter: a late retry of an older save never
 * overwrites a newer one. The row goes when the sitting is submitted (by the student, or at the due
 * time on their behalf).
 */
export const submissionDrafts = pgTable(
  'submission_drafts',
  {
    id: id(),
    examId: requiredRef('exam_id', () => exams.id, 'cascade'),
    studentId: requiredRef('student_id', () => accounts.id, 'cascade'),
    answers: jsonb('answers').$type<{ questionId: number; optionId: number }[]>().notNull(),
    revision: integer('revision').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('submission_drafts_exam_student_idx').on(t.examId, t.studentId)],
);

/**
 * A student's sitting of an exam, from its start: when it began, and for an MCQ with shuffling or a
 * question pool, the questions drawn in the order shown and each question's option order, fixed at
 * the start so a reload or another device shows the same paper. Untimed, unshuffled exams need no
 * start and have no row until one is wanted.
 */
export const examSittings = pgTable(
  'exam_sittings',
  {
    id: id(),
    examId: requiredRef('exam_id', () => exams.id, 'cascade'),
    studentId: requiredRef('student_id', () => accounts.id, 'cascade'),
    startedAt: ts('started_at').notNull().defaultNow(),
    /** Question ids in the order this sitting shows them (the drawn ones only); null: the paper's order. */
    questionOrder: jsonb('question_order').$type<number[]>(),
    /** Per question id, its option ids in the order this sitting shows them; null: the paper's order. */
    optionOrders: jsonb('option_orders').$type<Record<string, number[]>>(),
  },
  (t) => [uniqueIndex('exam_sittings_exam_student_idx').on(t.examId, t.studentId)],
);
