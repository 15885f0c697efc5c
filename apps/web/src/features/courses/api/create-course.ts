import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Course, type CourseInput, courseSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function createCourse(input: CourseInput): Promise<Course> {
  return apiFetch('/courses', { method: 'POST', body: input }, courseSchema);
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    meta: { success: 'Course created successfully', error: 'Error creating course' },
    // Spec section 7: the list is re-fetched after a create (its pages and the counter).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.courses.lists }),
        queryClient.invalidateQueries({ queryKey: keys.courses.count }),
      ]),
  });
}
