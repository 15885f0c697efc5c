import { courseSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** How many courses there are, without sending one (`limit=0`). */
export async function getCourseCount(): Promise<number> {
  return (await read(client.GET('/courses', { params: { query: { limit: '0' } } }), pageOf(courseSchema))).total;
}

export const [courseCountQueryOptions, useCourseCount] = apiQuery(() => keys.courses.count, getCourseCount);
