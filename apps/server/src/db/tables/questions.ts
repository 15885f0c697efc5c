import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, flag, id, requiredRef } from './columns.js';
import { exams } from './exams.js';

/** The MCQ questions module's tables: a question and its five options, in position order. */
export const mcqQuestions = pgTable(
  'mcq_questions',
  {
    id: id(),
    examId: requiredRef('exam_id', () => exams.id, 'cascade'),
    questionText: text('question_text'),
    imageKey: text('image_key'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('mcq_questions_exam_idx').on(t.examId)],
);

export const mcqOptions = pgTable(
  'mcq_options',
  {
    id: id(),
    questionId: requiredRef('question_id', () => mcqQuestions.id, 'cascade'),
    optionText: text('option_text').notNull(),
    isCorrect: flag('is_correct'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('mcq_options_question_idx').on(t.questionId)],
);
