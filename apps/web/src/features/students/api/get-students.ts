import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Student, studentSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export const studentsQueryKey = ['students'] as const;

export function getStudents(): Promise<Student[]> {
  return apiFetch('/students', {}, z.array(studentSchema));
}

export const studentsQueryOptions = () => queryOptions({ queryKey: studentsQueryKey, queryFn: getStudents });

export function useStudents() {
  return useQuery(studentsQueryOptions());
}
