import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { coursesQueryKey } from './get-courses';

export function deleteCourse(id: number): Promise<void> {
  return apiFetch<void>(`/courses/${id}`, { method: 'DELETE' });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    // Spec section 7: on success the course is removed from the cached list locally.
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Course[]>(coursesQueryKey, (courses) => courses?.filter((course) => course.id !== id));
      queryClient.removeQueries({ queryKey: ['courses', id] });
      queryClient.removeQueries({ queryKey: ['enrollments', 'course', id] });
    },
  });
}
