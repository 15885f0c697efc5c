import { type Page, type Submission, submissionSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** Signed file links last an hour by default; a page older than this is re-read when the tab regains focus. */
export const LINK_FRESH_MS = 5 * 60_000;

/** One page of an exam's submissions; `q` matches the student's name, username or ID on the server. */
export function getSubmissionsPage(examId: number, request: PageRequest): Promise<Page<Submission>> {
  return read(
    client.GET('/api/v1/submissions/exam/{examId}', { params: { path: { examId }, query: pageQuery(request) } }),
    pageOf(submissionSchema),
  );
}

// The page being left stays on screen while the next loads (one exam per screen, so never another's).
// Its 'View Submission' and marked-paper links expire, unlike the cached data of other lists.
export const [submissionsPageQueryOptions, useSubmissionsPage] = pagedQuery(keys.submissions.page, getSubmissionsPage, {
  staleTime: LINK_FRESH_MS,
  refetchOnWindowFocus: true,
});
