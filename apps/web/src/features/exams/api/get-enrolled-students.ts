import { type Enrollment, enrollmentSchema, type Page } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/**
 * A page of the course's enrolments found by username, for choosing whom an override is for. The
 * same call and cache key as the enrolments screen's: an enrolment changed there is fresh here.
 */
function getEnrolledStudents(courseId: number, request: PageRequest): Promise<Page<Enrollment>> {
  return read(
    client.GET('/enrollments/course/{id}', { params: { path: { id: courseId }, query: pageQuery(request) } }),
    pageOf(enrollmentSchema),
  );
}

export const [, useEnrolledStudents] = pagedQuery(keys.enrollments.pageOfCourse, getEnrolledStudents);
