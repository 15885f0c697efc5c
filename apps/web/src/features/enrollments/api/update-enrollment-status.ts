import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Enrollment, type EnrollmentStatus, enrollmentSchema } from '@valence/contract';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export type UpdateEnrollmentStatusVariables = { id: number; status: EnrollmentStatus };

export function updateEnrollmentStatus({ id, status }: UpdateEnrollmentStatusVariables): Promise<Enrollment> {
  return apiFetch(`/enrollments/${id}`, { method: 'PUT', body: { status } }, enrollmentSchema);
}

export function useUpdateEnrollmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnrollmentStatus,
    meta: {
      success: 'Enrollment status updated successfully',
      // A 409 says why (the course is paused); anything else gets the spec's text.
      error: (_variables: UpdateEnrollmentStatusVariables, error: unknown) =>
        error instanceof ApiError && error.status === 409 ? error.message : 'Error updating enrollment status',
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.enrollments.all }),
  });
}
