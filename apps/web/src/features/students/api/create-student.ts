import { type Student, type StudentSignupRequest, studentSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export function createStudent(input: StudentSignupRequest): Promise<Student> {
  return read(client.POST('/students/signup', { body: input }), studentSchema);
}

/** The server's reason follows the screen's fixed text: a taken username reads as it does in the edit dialog. */
export const useCreateStudent = changeHook(createStudent, {
  meta: { success: 'Student added successfully', error: failureWith('Error adding student') },
  invalidates: [keys.students.all],
});
