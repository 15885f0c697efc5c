import { type BulkEnrollmentResult, bulkEnrollmentResultSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { staleAfter } from '../../../lib/query-keys';

/**
 * One request for every selected student (or for all not yet assigned), made in one statement on
 * the server: either all are enrolled or, when one is refused, none.
 */
export type AssignStudentsVariables = { courseId: number } & (
  | { studentIds: number[] }
  | { allUnassigned: { q?: string } }
);

export function assignStudents(body: AssignStudentsVariables): Promise<BulkEnrollmentResult> {
  return read(client.POST('/enrollments/bulk', { body }), bulkEnrollmentResultSchema);
}

export const useAssignStudents = changeHook(assignStudents, {
  meta: { success: 'Students assigned successfully', error: failureWith('Error assigning students') },
  invalidates: ({ courseId }) => staleAfter.classOf(courseId),
});
