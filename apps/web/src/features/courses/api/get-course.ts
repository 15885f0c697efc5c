import { type CourseDetail, courseDetailSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

export function getCourse(id: number): Promise<CourseDetail> {
  return read(client.GET('/courses/{id}', { params: { path: { id } } }), courseDetailSchema);
}

/**
 * Resource urls are short-lived signed links, so the detail is re-read whenever the screen mounts
 * even though the list itself is cached for good.
 */
export const [courseQueryOptions, useCourse] = apiQuery(keys.courses.detail, getCourse, { staleTime: 0 });
