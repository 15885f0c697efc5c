import {
  bulkQuestionsSchema,
  isBlank,
  QUESTION_MESSAGES,
  type QuestionInput,
  questionInputSchema,
  questionProblems,
} from '@valence/contract';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import type { QuestionValues } from './repository.js';

export type ParsedQuestion = z.output<typeof questionInputSchema>;

/** A zod issue as a sentence: one message about the options for anything wrong in `options`. */
function issueMessage(issue: z.core.$ZodIssue, n?: number): string {
  const path = n === undefined ? issue.path : issue.path.slice(1);
  const sentence = /[.!]$/.test(issue.message);
  let message = issue.message;
  if (!sentence && path[0] === 'options') message = QUESTION_MESSAGES.options;
  else if (!sentence) message = `${path.join('.') || 'question'}: ${issue.message}`;
  return n === undefined ? message : `Question ${n}: ${message}`;
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** No database stores a NUL character: refused like every other text (the contract leaves it to us). */
function nulProblem(question: ParsedQuestion): string | undefined {
  if (question.questionText?.includes('\0')) return 'The question text must not contain a NUL character.';
  if (question.options.some((option) => option.optionText.includes('\0')))
    return 'An option must not contain a NUL character.';
  return undefined;
}

/** The `questionDTO` part of the single-question form. */
export function parseQuestion(raw: unknown): ParsedQuestion {
  if (!isObject(raw)) throw badRequest('questionDTO must be a JSON object.');
  const parsed = questionInputSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(issueMessage(parsed.error.issues[0] as z.core.$ZodIssue));
  const nul = nulProblem(parsed.data);
  if (nul) throw badRequest(nul);
  return parsed.data;
}

/** The `questions` part of the bulk form: a message about one question starts with its number. */
export function parseBulk(raw: unknown): ParsedQuestion[] {
  if (!Array.isArray(raw)) throw badRequest('questions must be a JSON array.');
  const parsed = bulkQuestionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const index = issue.path[0];
    throw badRequest(typeof index === 'number' ? issueMessage(issue, index + 1) : issue.message);
  }
  for (const [i, question] of parsed.data.entries()) {
    const nul = nulProblem(question);
    if (nul) throw badRequest(`Question ${i + 1}: ${nul}`);
  }
  return parsed.data;
}

/** The single form's first problem (text or image, five options, one correct), as a 400. */
export function checkQuestion(question: QuestionInput, hasImage: boolean): void {
  const [first] = questionProblems(question, hasImage);
  if (first) throw badRequest(first);
}

/**
 * Everything wrong with question `n` of a list, each sentence starting `Question n: `: the schema's
 * limits and NUL characters, then the rules (text or image, five filled options, one correct). The
 * add-many form and the file import check with this one function, so they say the same words.
 */
export function numberedProblems(question: QuestionInput, hasImage: boolean, n: number): string[] {
  const parsed = questionInputSchema.safeParse(question);
  const limits = parsed.success
    ? [nulProblem(parsed.data)].filter((problem) => problem !== undefined)
    : parsed.error.issues.map((issue) => issueMessage(issue as z.core.$ZodIssue));
  const problems = [
    ...limits.map((problem) => `Question ${n}: ${problem}`),
    ...questionProblems(question, hasImage, n),
  ];
  return [...new Set(problems)];
}

/** Every problem of every question, numbered, in one 400: the portal shows them by question. */
export function checkBulk(questions: QuestionInput[], images: readonly unknown[]): void {
  if (images.length > questions.length) throw badRequest('There are more question images than questions.');
  const problems = questions.flatMap((question, i) => numberedProblems(question, !!images[i], i + 1));
  if (problems.length) throw badRequest(problems.join(' '));
}

/** Text exactly as sent (never escaped or rendered here); blank text is no text. */
export function toValues(question: ParsedQuestion, imageKey: string | null): QuestionValues {
  const text = question.questionText ?? '';
  return {
    questionText: isBlank(text) ? null : text,
    imageKey,
    options: question.options.map((option) => ({ optionText: option.optionText, isCorrect: option.isCorrect })),
  };
}

/** Which option (by position) is the correct one, or -1. */
export const correctPosition = (options: readonly { isCorrect: boolean }[]) =>
  options.findIndex((option) => option.isCorrect);
