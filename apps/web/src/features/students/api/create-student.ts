import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Student, type StudentSignupRequest, studentSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function createStudent(input: StudentSignupRequest): Promise<Student> {
  return apiFetch('/students/signup', { method: 'POST', body: input }, studentSchema);
}

export function useCreateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudent,
    meta: { success: 'Student added successfully', error: 'Error adding student' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.students.all }),
  });
}
