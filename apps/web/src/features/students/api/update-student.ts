import { type Student, type StudentUpdateRequest, studentSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type UpdateStudentVariables = { id: number; input: StudentUpdateRequest };

export function updateStudent({ id, input }: UpdateStudentVariables): Promise<Student> {
  return apiFetch(`/students/${id}`, { method: 'PUT', body: input }, studentSchema);
}

/** A failed update is only logged here; the dialog shows the reason itself. */
export const useUpdateStudent = mutationHook(updateStudent, (queryClient) => ({
  onError: (error) => console.error('Failed to update student', error),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.students.all }),
}));
