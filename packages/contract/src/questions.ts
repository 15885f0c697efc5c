import { z } from 'zod';
import { idSchema, isBlank } from './common.js';
import { MCQ_OPTION_COUNT } from './constants.js';
import { EXAM_LIMITS } from './exams.js';

/** MCQ questions as staff send them, one or a bulk form's many, and the rules they must meet. */
export const QUESTION_MESSAGES = {
  textOrImage: 'Question must have either text or an image.',
  options: `All ${MCQ_OPTION_COUNT} answer options must be filled.`,
  oneCorrect: 'Exactly one option must be marked as correct.',
  answered: 'Cannot delete this question because it has been answered by a student.',
  bulkTextOrImage: (n: number) => `Question ${n}: Question text or image file is required.`,
  bulkOptions: (n: number) => `Question ${n}: All ${MCQ_OPTION_COUNT} answer options must be filled.`,
  bulkCorrect: (n: number) => `Question ${n}: A correct option must be selected.`,
} as const;

export const questionParamSchema = z.object({ examId: idSchema('examId'), questionId: idSchema('questionId') });

/** One option as sent: its text and whether it is the correct one. */
export const optionInputSchema = z.object({
  optionText: z.string().max(EXAM_LIMITS.optionTextMax, {
    message: `An option must be at most ${EXAM_LIMITS.optionTextMax} characters.`,
  }),
  isCorrect: z.boolean().optional().default(false),
});

/**
 * The `questionDTO` part (one question) and each element of the bulk `questions` array. The rules
 * that need the image part too (text or image) and the numbered bulk messages are applied by
 * `questionProblems`, so that single and bulk share them and the portal shows the same words.
 */
export const questionInputSchema = z.object({
  questionText: z
    .string()
    .max(EXAM_LIMITS.questionTextMax, {
      message: `The question text must be at most ${EXAM_LIMITS.questionTextMax} characters.`,
    })
    .nullish(),
  options: z.array(optionInputSchema).max(20, { message: QUESTION_MESSAGES.options }),
  /** On edit: drop the current picture (a new image part replaces it anyway). */
  removeImage: z.boolean().optional(),
});
export type QuestionInput = z.input<typeof questionInputSchema>;

export const bulkQuestionsSchema = z
  .array(questionInputSchema)
  .min(1, { message: 'Add at least one question.' })
  .max(EXAM_LIMITS.questionsPerBulk, { message: `At most ${EXAM_LIMITS.questionsPerBulk} questions at once.` });

/**
 * Everything wrong with one question, in the spec's words: `n` (1-based) for the bulk form's
 * numbered messages, none for the single-question dialog. `hasImage` says whether it has a picture.
 */
export function questionProblems(question: QuestionInput, hasImage: boolean, n?: number): string[] {
  const problems: string[] = [];
  const text = question.questionText ?? '';
  if (isBlank(text) && !hasImage)
    problems.push(n ? QUESTION_MESSAGES.bulkTextOrImage(n) : QUESTION_MESSAGES.textOrImage);
  const options = question.options ?? [];
  if (options.length !== MCQ_OPTION_COUNT || options.some((option) => isBlank(option.optionText ?? '')))
    problems.push(n ? QUESTION_MESSAGES.bulkOptions(n) : QUESTION_MESSAGES.options);
  const correct = options.filter((option) => option.isCorrect).length;
  if (correct !== 1) {
    if (n)
      problems.push(
        correct === 0 ? QUESTION_MESSAGES.bulkCorrect(n) : `Question ${n}: ${QUESTION_MESSAGES.oneCorrect}`,
      );
    else problems.push(QUESTION_MESSAGES.oneCorrect);
  }
  return problems;
}

/**
 * GET /api/v1/exams/{examId}/mcq-questions/{questionId}/answered: how many hand-ins chose an option
 * of the question. A change of its correct option re-scores them (the portal warns first).
 */
export const questionAnsweredSchema = z.object({ count: z.number().int() });
export type QuestionAnswered = z.infer<typeof questionAnsweredSchema>;

/** The portal's warning before a correct option changes on a question `count` hand-ins answered. */
export const rescoreWarning = (count: number) =>
  `${count} ${count === 1 ? 'student has' : 'students have'} answered this question; their scores will be recalculated.`;
