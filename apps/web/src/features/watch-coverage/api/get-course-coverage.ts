import { type CourseCoverage, courseCoverageSchema, NOT_WATCHED_MAX } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** Each lecture's coverage in the course, naming up to NOT_WATCHED_MAX students who have not watched it. */
export function getCourseCoverage(courseId: number): Promise<CourseCoverage> {
  return read(
    client.GET('/courses/{id}/watch-coverage', {
      params: { path: { id: courseId }, query: { notWatchedLimit: String(NOT_WATCHED_MAX) } },
    }),
    courseCoverageSchema,
  );
}

// Students watch from their phones, which the portal hears nothing of: read again whenever shown.
export const [courseCoverageQueryOptions, useCourseCoverage] = apiQuery(
  keys.watchCoverage.ofCourse,
  getCourseCoverage,
  {
    staleTime: 0,
  },
);
