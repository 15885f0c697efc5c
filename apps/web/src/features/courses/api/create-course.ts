import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Course, type CourseInput, courseSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { coursesQueryKey } from './get-courses';

export function createCourse(input: CourseInput): Promise<Course> {
  return apiFetch('/courses', { method: 'POST', body: input }, courseSchema);
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // Spec section 7: the list is re-fetched after a create.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coursesQueryKey, exact: true }),
  });
}
