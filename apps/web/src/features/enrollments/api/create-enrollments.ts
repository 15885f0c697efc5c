import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BulkEnrollmentResult, bulkEnrollmentResultSchema } from '@valence/contract';
import { apiFetch, errorMessage } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

/**
 * One request for every selected student (or for all not yet assigned), made in one statement on
 * the server: either all are enrolled or, when one is refused, none.
 */
export type AssignStudentsVariables = { courseId: number } & (
  | { studentIds: number[] }
  | { allUnassigned: { q?: string } }
);

export function assignStudents(body: AssignStudentsVariables): Promise<BulkEnrollmentResult> {
  return apiFetch('/enrollments/bulk', { method: 'POST', body }, bulkEnrollmentResultSchema);
}

export function useAssignStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignStudents,
    meta: {
      success: 'Students assigned successfully',
      error: (_variables: AssignStudentsVariables, error: unknown) =>
        `Error assigning students: ${errorMessage(error, 'unknown error')}`,
    },
    onSettled: (_result, _error, { courseId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.enrollments.ofCourse(courseId) }),
        queryClient.invalidateQueries({ queryKey: keys.students.assignableTo(courseId) }),
      ]),
  });
}
