import { type Student, type StudentSignupRequest, studentSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export function createStudent(input: StudentSignupRequest): Promise<Student> {
  return apiFetch('/students/signup', { method: 'POST', body: input }, studentSchema);
}

export const useCreateStudent = changeHook(createStudent, {
  meta: { success: 'Student added successfully', error: 'Error adding student' },
  invalidates: [keys.students.all],
});
