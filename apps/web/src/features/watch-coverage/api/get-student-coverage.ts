import { type StudentCoverage, studentCoverageSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** The student's coverage of each lecture of each course they are enrolled in. */
export function getStudentCoverage(studentId: number): Promise<StudentCoverage> {
  return read(
    client.GET('/students/{id}/watch-coverage', { params: { path: { id: studentId } } }),
    studentCoverageSchema,
  );
}

export const [studentCoverageQueryOptions, useStudentCoverage] = apiQuery(
  keys.watchCoverage.ofStudent,
  getStudentCoverage,
);
