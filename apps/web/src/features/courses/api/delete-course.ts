import { client, done } from '../../../lib/api-client';
import { changeHook, conflictOr } from '../../../lib/mutation';
import { keys, staleAfter } from '../../../lib/query-keys';

export type DeleteCourseVariables = { id: number; title: string };

export function deleteCourse({ id }: DeleteCourseVariables): Promise<void> {
  return done(client.DELETE('/courses/{id}', { params: { path: { id } } }));
}

export const useDeleteCourse = changeHook(deleteCourse, (queryClient) => ({
  meta: {
    success: ({ title }: DeleteCourseVariables) => `Course "${title}" deleted successfully`,
    // A 409 explains why (exams with submissions); anything else gets the screen's fixed text.
    error: conflictOr('Error deleting course'),
  },
  // Its own data, enrolments and gradebook are dropped (not re-read, which would be a 404); it leaves
  // every list and everything that named it.
  onSuccess: (_result, { id }) => {
    queryClient.removeQueries({ queryKey: keys.courses.detail(id) });
    queryClient.removeQueries({ queryKey: keys.enrollments.ofCourse(id) });
    queryClient.removeQueries({ queryKey: keys.gradebook.ofCourse(id) });
    queryClient.removeQueries({ queryKey: keys.watchCoverage.ofCourse(id) });
  },
  invalidates: staleAfter.anyCourse,
}));
