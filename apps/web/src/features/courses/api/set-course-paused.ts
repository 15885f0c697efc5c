import { STATUS_MESSAGE_CLEAR_MS } from '@valence/contract';
import { client, done } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type SetCoursePausedVariables = { id: number; paused: boolean; title: string };

/** Pause disables every enrolment of the course, resume enables them; only 204 counts as success. */
export function setCoursePaused({ id, paused }: SetCoursePausedVariables): Promise<void> {
  const path = paused ? '/enrollments/course/{id}/disable' : '/enrollments/course/{id}/enable';
  return done(client.PUT(path, { params: { path: { id } } }), 204);
}

export const useSetCoursePaused = changeHook(setCoursePaused, {
  meta: {
    success: ({ title, paused }: SetCoursePausedVariables) =>
      `Course "${title}" ${paused ? 'paused' : 'resumed'} successfully`,
    error: 'Error updating course status',
    clearAfterMs: STATUS_MESSAGE_CLEAR_MS,
  },
  // A pause disables the course's enrolments on the server, so afterwards they are re-read, and so is the paused flag.
  invalidates: [keys.enrollments.all, keys.courses.all],
});
