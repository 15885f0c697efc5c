import { ApiError, client, done } from '../../../lib/api-client';
import { changeHook, conflictOr } from '../../../lib/mutation';
import { staleAfter } from '../../../lib/query-keys';

export type DeleteStudentVariables = { id: number; username: string; confirmMarks?: boolean };

export function deleteStudent({ id, confirmMarks }: DeleteStudentVariables): Promise<void> {
  const query = confirmMarks ? { confirmMarks: 'true' as const } : {};
  return done(client.DELETE('/students/{id}', { params: { path: { id }, query } }));
}

/** The server refuses (409) to delete a student with exam marks until the deletion is confirmed. */
export const needsMarksConfirmation = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

export const useDeleteStudent = changeHook(deleteStudent, {
  meta: { success: 'Student deleted successfully', error: conflictOr('Error deleting student') },
  invalidates: staleAfter.anyStudent,
});
