import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STATUS_MESSAGE_CLEAR_MS } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export type SetCoursePausedVariables = { id: number; paused: boolean; title: string };

/** Pause disables every enrolment of the course, resume enables them; only 204 counts as success. */
export function setCoursePaused({ id, paused }: SetCoursePausedVariables): Promise<void> {
  return apiFetch<void>(`/enrollments/course/${id}/${paused ? 'disable' : 'enable'}`, {
    method: 'PUT',
    expectStatus: 204,
  });
}

export function useSetCoursePaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCoursePaused,
    meta: {
      success: ({ title, paused }: SetCoursePausedVariables) =>
        `Course "${title}" ${paused ? 'paused' : 'resumed'} successfully`,
      error: 'Error updating course status',
      clearAfterMs: STATUS_MESSAGE_CLEAR_MS,
    },
    // Spec section 4: afterwards the course's enrolments are re-read, and so is the paused flag.
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.enrollments.ofCourse(id) }),
        queryClient.invalidateQueries({ queryKey: keys.courses.all }),
      ]),
  });
}
