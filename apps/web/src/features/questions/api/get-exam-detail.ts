import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ExamDetail, examDetailSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

/** One exam with its type, course and questions; 404 when there is no such exam. */
export function getExamDetail(examId: number): Promise<ExamDetail> {
  return apiFetch(`/api/v1/exams/${examId}`, {}, examDetailSchema);
}

export const examDetailQueryOptions = (examId: number) =>
  queryOptions({ queryKey: keys.exams.detail(examId), queryFn: () => getExamDetail(examId) });

export function useExamDetail(examId: number) {
  return useQuery(examDetailQueryOptions(examId));
}
