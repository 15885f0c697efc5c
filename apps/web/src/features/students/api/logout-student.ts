import { client, done } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/** Ends every session of the student at once: their tokens answer 401 from now on. */
export function logoutStudent(username: string): Promise<void> {
  return done(client.POST('/logoutstudent', { body: { username } }));
}

export const useLogoutStudent = changeHook(logoutStudent, {
  meta: {
    success: (username: string) => `Student ${username} logged out successfully`,
    error: 'Error logging out student',
  },
  invalidates: [keys.students.lists],
});
