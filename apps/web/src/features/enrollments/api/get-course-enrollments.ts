import { type Enrollment, enrollmentSchema, type Page } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQueryString } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** One page of the course's enrolments, by username, and how many there are. */
export function getCourseEnrollmentsPage(courseId: number, request: PageRequest): Promise<Page<Enrollment>> {
  return apiFetch(`/enrollments/course/${courseId}${pageQueryString(request)}`, {}, pageOf(enrollmentSchema));
}

export const [courseEnrollmentsPageQueryOptions, useCourseEnrollmentsPage] = pagedQuery(
  keys.enrollments.pageOfCourse,
  getCourseEnrollmentsPage,
);
