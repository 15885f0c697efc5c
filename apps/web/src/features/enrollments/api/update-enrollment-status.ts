import { type Enrollment, type EnrollmentStatus, enrollmentSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, conflictOr } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type UpdateEnrollmentStatusVariables = { id: number; status: EnrollmentStatus };

export function updateEnrollmentStatus({ id, status }: UpdateEnrollmentStatusVariables): Promise<Enrollment> {
  return read(client.PUT('/enrollments/{id}', { params: { path: { id } }, body: { status } }), enrollmentSchema);
}

export const useUpdateEnrollmentStatus = changeHook(updateEnrollmentStatus, {
  // A 409 says why (the course is paused); anything else gets the screen's fixed text.
  meta: { success: 'Enrollment status updated successfully', error: conflictOr('Error updating enrollment status') },
  invalidates: [keys.enrollments.all],
});
