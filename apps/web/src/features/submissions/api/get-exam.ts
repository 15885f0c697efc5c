import { type ExamDetail, examDetailSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** The exam whose submissions are shown: its type decides how each row is marked; 404 when absent. */
export function getExam(examId: number): Promise<ExamDetail> {
  return apiFetch(`/api/v1/exams/${examId}`, {}, examDetailSchema);
}

// The exam's own key: the same answer the questions screen caches, so either screen's read serves both.
export const [examQueryOptions, useSubmissionsExam] = apiQuery(keys.exams.detail, getExam);
