import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CourseDetail, courseDetailSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function getCourse(id: number): Promise<CourseDetail> {
  return apiFetch(`/courses/${id}`, {}, courseDetailSchema);
}

/**
 * Resource urls are short-lived signed links, so the detail is re-read whenever the screen mounts
 * even though the list itself is cached for good.
 */
export const courseQueryOptions = (id: number) =>
  queryOptions({ queryKey: keys.courses.detail(id), queryFn: () => getCourse(id), staleTime: 0 });

export function useCourse(id: number) {
  return useQuery(courseQueryOptions(id));
}
