import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function deleteEnrollment(id: number): Promise<void> {
  return apiFetch<void>(`/enrollments/${id}`, { method: 'DELETE' });
}

export function useDeleteEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnrollment,
    meta: { success: 'Enrollment removed successfully', error: 'Error removing enrollment' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.enrollments.all }),
        queryClient.invalidateQueries({ queryKey: keys.students.all }),
      ]),
  });
}
