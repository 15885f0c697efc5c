import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Course, courseSchema, type Page } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQueryString } from '../../../lib/paging';
import { keys } from '../../../lib/query-keys';

/** One page of courses, newest first (the server's order), whose titles contain `q`. */
export function getCoursesPage(request: PageRequest): Promise<Page<Course>> {
  return apiFetch(`/courses${pageQueryString(request)}`, {}, pageOf(courseSchema));
}

export const coursesPageQueryOptions = (request: PageRequest) =>
  queryOptions({
    queryKey: keys.courses.page(request),
    queryFn: () => getCoursesPage(request),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useCoursesPage(request: PageRequest) {
  return useQuery(coursesPageQueryOptions(request));
}
