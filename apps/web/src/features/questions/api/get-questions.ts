import { queryOptions, useQuery } from '@tanstack/react-query';
import { type McqQuestion, mcqQuestionSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

const questionsSchema = z.array(mcqQuestionSchema);

/** Every question of an MCQ exam, in order (at most EXAM_LIMITS.questionsPerExam, so not paged). */
export function getQuestions(examId: number): Promise<McqQuestion[]> {
  return apiFetch(`/api/v1/exams/${examId}/mcq-questions`, {}, questionsSchema);
}

export const questionsQueryOptions = (examId: number) =>
  queryOptions({ queryKey: keys.exams.questions(examId), queryFn: () => getQuestions(examId) });

export function useQuestions(examId: number) {
  return useQuery(questionsQueryOptions(examId));
}
