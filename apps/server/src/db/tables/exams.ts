import { EXAM_TYPES } from '@valence/contract';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, flag, id, requiredRef, ts } from './columns.js';
import { courses } from './courses.js';
import { mcqOptions, mcqQuestions } from './questions.js';

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
  (t) => [uniqueIndex('submission_answers_sub_q_idx').on(t.submissionId, t.questionId)],
);
