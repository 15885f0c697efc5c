import { type Course, courseSchema, type Page } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** One page of courses, newest first (the server's order), whose titles contain `q`. */
export function getCoursesPage(request: PageRequest): Promise<Page<Course>> {
  return read(client.GET('/courses', { params: { query: pageQuery(request) } }), pageOf(courseSchema));
}

export const [coursesPageQueryOptions, useCoursesPage] = pagedQuery(keys.courses.page, getCoursesPage);
