import { type Page, type SittingListQuery, type SittingRow, sittingRowSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

type SittingState = NonNullable<SittingListQuery['state']>;

/** One page of the exam's class with where each student stands; `state` keeps one kind. */
export function getSittingsPage(examId: number, request: PageRequest, state: SittingState): Promise<Page<SittingRow>> {
  return read(
    client.GET('/api/v1/exams/{examId}/sittings', {
      params: { path: { examId }, query: pageQuery(request, { state }) },
    }),
    pageOf(sittingRowSchema),
  );
}

// On exam day the class moves from minute to minute: a page is read again when the tab comes back.
export const [sittingsPageQueryOptions, useSittingsPage] = pagedQuery(keys.submissions.sittings, getSittingsPage, {
  staleTime: 30_000,
  refetchOnWindowFocus: true,
});
