import { EXAM_MESSAGES, type Exam } from '@valence/contract';
import { ApiError, apiFetch, errorMessage } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-text';
import { mutationHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/**
 * Removes the exam's paper or questions for good; the exam itself, its submissions and marks stay.
 * The server refuses (409) while students' submissions depend on the content.
 */
export function deleteExamContent(exam: Exam): Promise<unknown> {
  return apiFetch(`/api/v1/exams/${exam.id}`, { method: 'DELETE' });
}

export function deleteContentFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return errorMessage(error, EXAM_MESSAGES.hasSubmissions);
  return failureText(error, 'Failed to delete exam content. Please try again.');
}

export const useDeleteExamContent = mutationHook(deleteExamContent, (queryClient) => ({
  meta: {
    success: (exam: Exam) => `The content of "${exam.title}" was deleted`,
    error: (_exam: Exam, error: unknown) => deleteContentFailure(error),
  },
  onSuccess: (_answer, exam) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.exams.ofCourse(exam.courseId) }),
      queryClient.invalidateQueries({ queryKey: keys.exams.detail(exam.id) }),
    ]),
}));
