import type { QueryClient } from '@tanstack/react-query';
import { keys } from '../../../lib/query-keys';

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
