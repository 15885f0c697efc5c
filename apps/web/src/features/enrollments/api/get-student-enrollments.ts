import { type Enrollment, enrollmentSchema } from '@valence/contract';
import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** A student's enrolments, newest first (a student has a handful: no paging). */
export function getStudentEnrollments(studentId: number): Promise<Enrollment[]> {
  return read(
    client.GET('/enrollments/student/{studentId}', { params: { path: { studentId } } }),
    z.array(enrollmentSchema),
  );
}

export const [studentEnrollmentsQueryOptions, useStudentEnrollments] = apiQuery(
  keys.enrollments.ofStudent,
  getStudentEnrollments,
);
