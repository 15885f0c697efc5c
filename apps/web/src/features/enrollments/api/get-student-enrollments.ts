import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Enrollment, enrollmentSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

/** A student's enrolments, newest first (a student has a handful: no paging). */
export function getStudentEnrollments(studentId: number): Promise<Enrollment[]> {
  return apiFetch(`/enrollments/student/${studentId}`, {}, z.array(enrollmentSchema));
}

export const studentEnrollmentsQueryOptions = (studentId: number) =>
  queryOptions({ queryKey: keys.enrollments.ofStudent(studentId), queryFn: () => getStudentEnrollments(studentId) });

export function useStudentEnrollments(studentId: number) {
  return useQuery(studentEnrollmentsQueryOptions(studentId));
}
