import { enrollmentSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { pageOf, pageQuery } from '../../../lib/paging';

/** How many students the course has enrolled: the total of a one-row page, which the server keeps counted. */
export async function getClassSize(courseId: number): Promise<number> {
  const page = await read(
    client.GET('/enrollments/course/{id}', {
      params: { path: { id: courseId }, query: pageQuery({ page: 1, pageSize: 1 }) },
    }),
    pageOf(enrollmentSchema),
  );
  return page.total;
}
