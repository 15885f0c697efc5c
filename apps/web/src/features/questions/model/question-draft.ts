import { randomId } from '@mantine/hooks';
import {
  EXAM_LIMITS,
  isBlank,
  MCQ_OPTION_COUNT,
  type McqQuestion,
  QUESTION_MESSAGES,
  type QuestionInput,
  questionInputSchema,
  questionProblems,
} from '@valence/contract';
import { z } from 'zod';

/** The options' letters, one per option: A to E. */
export const LETTERS = Array.from('ABCDEFGHIJ').slice(0, MCQ_OPTION_COUNT);

/**
 * A question as its form holds it: the five option texts, the correct option's index as text (the
 * radio group's value, '' when none is chosen) and a newly chosen picture. `key` keeps each of the
 * add-many form's questions its own inputs when one above it is removed.
 */
export type QuestionDraft = {
  key: string;
  questionText: string;
  options: string[];
  correct: string;
  image: File | null;
};

/** The dialog's draft also knows the stored picture, and whether to drop it. */
export type EditDraft = QuestionDraft & { currentImageUrl: string | null; removeImage: boolean };

export type BulkDraft = { questions: QuestionDraft[] };

export const blankDraft = (): QuestionDraft => ({
  key: randomId(),
  questionText: '',
  options: LETTERS.map(() => ''),
  correct: '',
  image: null,
});

export function editDraftOf(question: McqQuestion | null): EditDraft {
  if (!question) return { ...blankDraft(), currentImageUrl: null, removeImage: false };
  const correct = question.options.findIndex((option) => option.isCorrect);
  return {
    key: String(question.id),
    questionText: question.questionText ?? '',
    options: LETTERS.map((_, index) => question.options[index]?.optionText ?? ''),
    correct: correct < 0 ? '' : String(correct),
    image: null,
    currentImageUrl: question.questionImageUrl,
    removeImage: false,
  };
}

/** Whether the question will have a picture once saved. */
export const willHaveImage = (draft: QuestionDraft | EditDraft) =>
  draft.image !== null || ('currentImageUrl' in draft && draft.currentImageUrl !== null && !draft.removeImage);

/** The `questionDTO` for a draft: trimmed texts, no question text when it is blank (an image-only question). */
export function toQuestionInput(draft: QuestionDraft | EditDraft): QuestionInput {
  const input: QuestionInput = {
    questionText: isBlank(draft.questionText) ? null : draft.questionText.trim(),
    options: draft.options.map((optionText, index) => ({
      optionText: optionText.trim(),
      isCorrect: draft.correct === String(index),
    })),
  };
  // A new picture replaces the old one anyway; the flag only drops one without a replacement.
  if ('removeImage' in draft && draft.removeImage && draft.image === null && draft.currentImageUrl !== null)
    input.removeImage = true;
  return input;
}

type Path = (string | number)[];

/** Which input each of the contract's problems belongs beside. */
function fieldOf(message: string, n?: number): string {
  if (message === (n ? QUESTION_MESSAGES.bulkTextOrImage(n) : QUESTION_MESSAGES.textOrImage)) return 'questionText';
  if (message === (n ? QUESTION_MESSAGES.bulkOptions(n) : QUESTION_MESSAGES.options)) return 'options';
  return 'correct';
}

/**
 * Adds the contract's problems with one question to a form's issues, each at the input it is about:
 * `questionProblems` (the screen's fixed words, numbered when `n` is given) and the length limits of
 * `questionInputSchema`, so nothing the server would refuse gets sent.
 */
function addProblems(ctx: z.RefinementCtx, draft: QuestionDraft | EditDraft, at: Path, n?: number) {
  const input = toQuestionInput(draft);
  const prefix = n ? `Question ${n}: ` : '';
  for (const message of questionProblems(input, willHaveImage(draft), n))
    ctx.addIssue({ code: 'custom', message, path: [...at, fieldOf(message, n)] });
  for (const issue of questionInputSchema.safeParse(input).error?.issues ?? []) {
    const [field, index] = issue.path;
    const path = field === 'options' && typeof index === 'number' ? ['options', index] : [String(field)];
    ctx.addIssue({ code: 'custom', message: prefix + issue.message, path: [...at, ...path] });
  }
  if (draft.image && draft.image.size > EXAM_LIMITS.imageMaxBytes)
    ctx.addIssue({
      code: 'custom',
      message: `${prefix}The image must be at most ${EXAM_LIMITS.imageMaxBytes / 1024 / 1024} MB.`,
      path: [...at, 'image'],
    });
}

/** The single-question dialog's form schema. */
export const editDraftSchema = z.custom<EditDraft>().superRefine((draft, ctx) => addProblems(ctx, draft, []));

/** The add-many form's schema: every question checked, each message numbered by question. */
export const bulkDraftSchema = z.custom<BulkDraft>().superRefine(({ questions }, ctx) => {
  questions.forEach((draft, index) => {
    addProblems(ctx, draft, ['questions', index], index + 1);
  });
  if (questions.length > EXAM_LIMITS.questionsPerBulk)
    ctx.addIssue({
      code: 'custom',
      message: `At most ${EXAM_LIMITS.questionsPerBulk} questions at once.`,
      path: ['questions'],
    });
});
