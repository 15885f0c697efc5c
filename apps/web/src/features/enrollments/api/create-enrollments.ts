import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Enrollment, enrollmentSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { courseEnrollmentsQueryKey } from './get-course-enrollments';

export type AssignStudentsVariables = { courseId: number; studentIds: number[] };

export function createEnrollment(courseId: number, studentId: number): Promise<Enrollment> {
  return apiFetch(
    '/enrollments',
    { method: 'POST', body: { studentId, courseId, status: 'ACTIVE' } },
    enrollmentSchema,
  );
}

/** Spec section 7: one POST per selected student; the first failure is reported. */
export async function assignStudents({ courseId, studentIds }: AssignStudentsVariables): Promise<Enrollment[]> {
  const results = await Promise.allSettled(studentIds.map((studentId) => createEnrollment(courseId, studentId)));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

export function useAssignStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignStudents,
    // Some may have succeeded even when one failed, so refresh either way.
    onSettled: (_result, _error, { courseId }) =>
      queryClient.invalidateQueries({ queryKey: courseEnrollmentsQueryKey(courseId) }),
  });
}
