import { z } from 'zod';
import { idSchema } from './common.js';
import { EXAM_LIMITS } from './exams.js';

/** Copying questions from another MCQ exam (any course), and finding that exam by title or identifier. */
export const QUESTION_COPY_MESSAGES = {
  sameExam: 'Choose another exam to copy from: questions cannot be copied onto the exam they are in.',
  sourceNotFound: 'The exam to copy from was not found.',
  sourceNotMcq: 'Questions can only be copied from an MCQ exam.',
  targetNotMcq: 'Questions can only be copied into an MCQ exam.',
  sourceDeleted: 'The exam to copy from has had its content deleted, so it has no questions to copy.',
  sourceEmpty: 'The exam to copy from has no questions.',
  notOfSource: (ids: number[]) =>
    ids.length === 1
      ? `Question ${ids[0]} is not a question of the exam to copy from.`
      : `Questions ${ids.join(', ')} are not questions of the exam to copy from.`,
  pictureGone: (n: number) =>
    `The picture of question ${n} of the exam to copy from is no longer stored; reload it and try again.`,
} as const;

/** How many exams one search answers: enough to pick from, small enough to read at once. */
export const MCQ_EXAM_SEARCH_LIMIT = 20;

/** Body of POST /api/v1/exams/{examId}/mcq-questions/copy: `questionIds` absent copies every question. */
export const copyQuestionsSchema = z.object({
  fromExamId: idSchema('fromExamId'),
  questionIds: z
    .array(idSchema('Each question id'))
    .min(1, { message: 'Select at least one question to copy.' })
    .max(EXAM_LIMITS.questionsPerExam, {
      message: `At most ${EXAM_LIMITS.questionsPerExam} questions can be copied at once.`,
    })
    .optional(),
});
export type CopyQuestions = z.input<typeof copyQuestionsSchema>;

/** GET /api/v1/exams/mcq-search: `q` contained in the title or the identifier, any case. */
export const mcqExamSearchQuerySchema = z.object({
  q: z.string().trim().max(200, { message: 'The search text must be at most 200 characters.' }).optional(),
});

/** One MCQ exam found, with what tells it apart from others of the same name. */
export const mcqExamFoundSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  examIdentifier: z.string(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  questionCount: z.number().int(),
});
export type McqExamFound = z.infer<typeof mcqExamFoundSchema>;
