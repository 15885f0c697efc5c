import { enrollmentSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { pageOf, pageQueryString } from '../../../lib/paging';

/** How many students the course has enrolled: the total of a one-row page, which the server keeps counted. */
export async function getClassSize(courseId: number): Promise<number> {
  const page = await apiFetch(
    `/enrollments/course/${courseId}${pageQueryString({ page: 1, pageSize: 1 })}`,
    {},
    pageOf(enrollmentSchema),
  );
  return page.total;
}
