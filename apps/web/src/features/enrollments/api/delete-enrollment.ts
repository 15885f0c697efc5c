import { client, done } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export function deleteEnrollment(id: number): Promise<void> {
  return done(client.DELETE('/enrollments/{id}', { params: { path: { id } } }));
}

export const useDeleteEnrollment = changeHook(deleteEnrollment, {
  meta: { success: 'Enrollment removed successfully', error: 'Error removing enrollment' },
  // The call names only the enrolment: every course's class is re-read.
  invalidates: [keys.enrollments.all, keys.students.all, keys.gradebook.all, keys.watchCoverage.all, keys.scores.all],
});
