import { type ENROLLMENT_SORT_FIELDS, type Enrollment, enrollmentSchema, type Page } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQuery, type SortOf } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** One page of the course's enrolments, by username, and how many there are. */
export function getCourseEnrollmentsPage(courseId: number, request: PageRequest): Promise<Page<Enrollment>> {
  return read(
    client.GET('/enrollments/course/{id}', {
      params: { path: { id: courseId }, query: pageQuery<SortOf<typeof ENROLLMENT_SORT_FIELDS>>(request) },
    }),
    pageOf(enrollmentSchema),
  );
}

export const [courseEnrollmentsPageQueryOptions, useCourseEnrollmentsPage] = pagedQuery(
  keys.enrollments.pageOfCourse,
  getCourseEnrollmentsPage,
);
