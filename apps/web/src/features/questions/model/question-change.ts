import type { QueryClient } from '@tanstack/react-query';
import { mutationHook } from '../../../lib/mutation';
import type { StatusMeta } from '../../../lib/query-client';
import { keys } from '../../../lib/query-keys';

/** Where an exam's questions are: every question call is under this path. */
export const questionsPath = (examId: number, rest = '') => `/api/v1/exams/${examId}/mcq-questions${rest}`;

/**
 * After a question changes: the exam's detail and its questions (both under `keys.exams.detail`)
 * load again now; the exam lists, whose question counts changed, load again when next shown.
 */
export function refreshExam(queryClient: QueryClient, examId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.exams.detail(examId) }),
    queryClient.invalidateQueries({ queryKey: keys.exams.all, refetchType: 'none' }),
  ]);
}

type QuestionChange = {
  meta?: StatusMeta;
  /** A failure the form shows itself is also logged, under this text. */
  logAs?: string;
};

/** The hook of a change to an exam's questions, which then refreshes the exam (`refreshExam`). */
export function questionChangeHook<TData, TVariables extends { examId: number }>(
  change: (variables: TVariables) => Promise<TData>,
  { meta, logAs }: QuestionChange,
) {
  return mutationHook(change, (queryClient) => ({
    meta,
    onError: logAs ? (error) => console.error(logAs, error) : undefined,
    onSuccess: (_data, { examId }) => refreshExam(queryClient, examId),
  }));
}
