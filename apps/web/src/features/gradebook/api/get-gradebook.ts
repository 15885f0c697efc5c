import { type Gradebook, gradebookSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** One page of the course's gradebook: username search, any column's sort. */
export function getGradebookPage(courseId: number, request: PageRequest): Promise<Gradebook> {
  return read(
    client.GET('/courses/{id}/gradebook', { params: { path: { id: courseId }, query: pageQuery(request) } }),
    gradebookSchema,
  );
}

// Marks also arrive without a portal change (a student hands in, an MCQ is scored): the gradebook is
// read again whenever it is shown, the page before staying on screen meanwhile.
export const [gradebookQueryOptions, useGradebookPage] = pagedQuery(keys.gradebook.page, getGradebookPage, {
  staleTime: 0,
});
