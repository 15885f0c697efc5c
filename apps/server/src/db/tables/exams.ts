import { EXAM_TYPES } from '@valence/contract';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, ts } from './columns.js';
import { courses } from './courses.js';
import { mcqOptions, mcqQuestions } from './questions.js';

export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    dueDate: ts('due_date').notNull(),
    examType: text('exam_type', { enum: EXAM_TYPES }).notNull(),
    examIdentifier: text('exam_identifier').notNull(),
    published: boolean('published').notNull().default(false),
    gradesPublished: boolean('grades_published').notNull().default(false),
    contentDeleted: boolean('content_deleted').notNull().default(false),
    paperKey: text('paper_key'),
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

export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    answerKey: text('answer_key'),
    mcqScore: doublePrecision('mcq_score'),
    traditionalScore: doublePrecision('traditional_score'),
    instructorFeedback: text('instructor_feedback'),
    gradedAt: ts('graded_at'),
    markedPaperKey: text('marked_paper_key'),
  },
  (t) => [
    // One submission per student per exam, also under concurrency; serves an exam's list too.
    uniqueIndex('submissions_exam_student_idx').on(t.examId, t.studentId),
    // A student's scores (summary, marks, exam score) and the files to remove when they are deleted.
    index('submissions_student_idx').on(t.studentId),
  ],
);

export const submissionAnswers = pgTable(
  'submission_answers',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => mcqQuestions.id, { onDelete: 'restrict' }),
    optionId: integer('option_id').references(() => mcqOptions.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('submission_answers_sub_q_idx').on(t.submissionId, t.questionId)],
);
