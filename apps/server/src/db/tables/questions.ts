import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { exams } from './exams.js';

/** The MCQ questions module's tables: a question and its five options, in position order. */
export const mcqQuestions = pgTable(
  'mcq_questions',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
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
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => mcqQuestions.id, { onDelete: 'cascade' }),
    optionText: text('option_text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('mcq_options_question_idx').on(t.questionId)],
);
