import { type ExamDetail, examDetailSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/**
 * One exam with its type, course and questions; 404 when there is no such exam. The questions and
 * the submissions screens both read it through this one query, so either screen's answer serves both.
 */
export function getExamDetail(examId: number): Promise<ExamDetail> {
  return read(client.GET('/api/v1/exams/{id}', { params: { path: { id: examId } } }), examDetailSchema);
}

export const [examDetailQueryOptions, useExamDetail] = apiQuery(keys.exams.detail, getExamDetail);
