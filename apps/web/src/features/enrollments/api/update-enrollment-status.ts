import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Enrollment, type EnrollmentStatus, enrollmentSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export type UpdateEnrollmentStatusVariables = { id: number; status: EnrollmentStatus };

export function updateEnrollmentStatus({ id, status }: UpdateEnrollmentStatusVariables): Promise<Enrollment> {
  return apiFetch(`/enrollments/${id}`, { method: 'PUT', body: { status } }, enrollmentSchema);
}

export function useUpdateEnrollmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnrollmentStatus,
    meta: { success: 'Enrollment status updated successfully', error: 'Error updating enrollment status' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.enrollments.all }),
  });
}
