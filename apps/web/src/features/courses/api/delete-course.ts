import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function deleteCourse(id: number): Promise<void> {
  return apiFetch<void>(`/courses/${id}`, { method: 'DELETE' });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    // The course leaves every cached page and the counter; its own data and enrolments are dropped.
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: keys.courses.detail(id) });
      queryClient.removeQueries({ queryKey: keys.enrollments.ofCourse(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.courses.lists }),
        queryClient.invalidateQueries({ queryKey: keys.courses.count }),
      ]);
    },
  });
}
