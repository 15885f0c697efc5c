import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Course, type CourseInput, courseSchema } from '@valence/contract';
import { apiFetch, errorMessage } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export type UpdateCourseVariables = { id: number; input: CourseInput };

export function updateCourse({ id, input }: UpdateCourseVariables): Promise<Course> {
  return apiFetch(`/courses/${id}`, { method: 'PUT', body: input }, courseSchema);
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    meta: {
      success: 'Course updated successfully',
      error: (_variables: UpdateCourseVariables, error: unknown) =>
        `Error updating course: ${errorMessage(error, 'unknown error')}`,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.courses.all }),
  });
}
