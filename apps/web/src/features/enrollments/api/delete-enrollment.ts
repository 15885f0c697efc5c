import { apiFetch } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export function deleteEnrollment(id: number): Promise<void> {
  return apiFetch<void>(`/enrollments/${id}`, { method: 'DELETE' });
}

export const useDeleteEnrollment = changeHook(deleteEnrollment, {
  meta: { success: 'Enrollment removed successfully', error: 'Error removing enrollment' },
  invalidates: [keys.enrollments.all, keys.students.all],
});
