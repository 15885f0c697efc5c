import { apiFetch } from '../../../lib/api-client';
import { conflictOr, mutationHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type DeleteCourseVariables = { id: number; title: string };

export function deleteCourse({ id }: DeleteCourseVariables): Promise<void> {
  return apiFetch<void>(`/courses/${id}`, { method: 'DELETE' });
}

export const useDeleteCourse = mutationHook(deleteCourse, (queryClient) => ({
  meta: {
    success: ({ title }: DeleteCourseVariables) => `Course "${title}" deleted successfully`,
    // A 409 explains why (exams with submissions); anything else gets the screen's fixed text.
    error: conflictOr('Error deleting course'),
  },
  // The course leaves every cached page and the counter; its own data and enrolments are dropped.
  onSuccess: (_result, { id }) => {
    queryClient.removeQueries({ queryKey: keys.courses.detail(id) });
    queryClient.removeQueries({ queryKey: keys.enrollments.ofCourse(id) });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.courses.lists }),
      queryClient.invalidateQueries({ queryKey: keys.courses.count }),
    ]);
  },
}));
