import { changeHook } from '../../../lib/mutation';
import type { StatusMeta } from '../../../lib/query-client';
import { keys } from '../../../lib/query-keys';

/** Where an exam's questions are: every question call is under this path. */
export const questionsPath = (examId: number, rest = '') => `/api/v1/exams/${examId}/mcq-questions${rest}`;

type QuestionChange = {
  meta?: StatusMeta;
  /** A failure the form shows itself is also logged, under this text. */
  logAs?: string;
};

/** The hook of a change to an exam's questions, which then refreshes the exam. */
export function questionChangeHook<TData, TVariables extends { examId: number }>(
  change: (variables: TVariables) => Promise<TData>,
  { meta, logAs }: QuestionChange,
) {
  return changeHook(change, (queryClient) => ({
    meta,
    onError: logAs ? (error) => console.error(logAs, error) : undefined,
    // The exam's detail and its questions (both under `keys.exams.detail`) load again now, the exam
    // lists (their question counts) when next shown; after a refusal too, as a bulk call may have saved some.
    invalidates: ({ examId }) => [keys.exams.detail(examId)],
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.exams.all, refetchType: 'none' }),
  }));
}
