import { type Student, type StudentUpdateRequest, studentSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { staleAfter } from '../../../lib/query-keys';

export type UpdateStudentVariables = { id: number; input: StudentUpdateRequest };

export function updateStudent({ id, input }: UpdateStudentVariables): Promise<Student> {
  return read(client.PUT('/students/{id}', { params: { path: { id } }, body: input }), studentSchema);
}

/** A failed update is only logged here; the dialog shows the reason itself. */
export const useUpdateStudent = changeHook(updateStudent, {
  onError: (error) => console.error('Failed to update student', error),
  invalidates: staleAfter.anyStudent,
});
