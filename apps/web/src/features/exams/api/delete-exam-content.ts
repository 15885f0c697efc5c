import { EXAM_MESSAGES, type Exam } from '@valence/contract';
import { ApiError, client, done, errorMessage } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-text';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/**
 * Removes the exam's paper or questions for good; the exam itself, its submissions and marks stay.
 * The server refuses (409) while students' submissions depend on the content.
 */
export function deleteExamContent(exam: Exam): Promise<unknown> {
  return done(client.DELETE('/api/v1/exams/{id}', { params: { path: { id: exam.id } } }));
}

export function deleteContentFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return errorMessage(error, EXAM_MESSAGES.hasSubmissions);
  return failureText(error, 'Failed to delete exam content. Please try again.');
}

export const useDeleteExamContent = changeHook(deleteExamContent, {
  meta: {
    success: (exam: Exam) => `The content of "${exam.title}" was deleted`,
    error: (_exam: Exam, error: unknown) => deleteContentFailure(error),
  },
  // Only an exam without scripts loses its content; it is unpublished with it (the gradebook's
  // column, the students' summaries).
  invalidates: ({ id, courseId }) => [
    keys.exams.detail(id),
    keys.exams.ofCourse(courseId),
    keys.gradebook.ofCourse(courseId),
    keys.scores.all,
  ],
});
