import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ExamDetail, examDetailSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

/** The exam whose submissions are shown: its type decides how each row is marked; 404 when absent. */
export function getExam(examId: number): Promise<ExamDetail> {
  return apiFetch(`/api/v1/exams/${examId}`, {}, examDetailSchema);
}

// The exam's own key: the same answer the questions screen caches, so either screen's read serves both.
export const examQueryOptions = (examId: number) =>
  queryOptions({ queryKey: keys.exams.detail(examId), queryFn: () => getExam(examId) });

export function useSubmissionsExam(examId: number) {
  return useQuery(examQueryOptions(examId));
}
