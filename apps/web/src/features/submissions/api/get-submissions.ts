import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Page, type Submission, submissionSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQueryString } from '../../../lib/paging';
import { keys } from '../../../lib/query-keys';

/** Signed file links last an hour by default; a page older than this is re-read when the tab regains focus. */
export const LINK_FRESH_MS = 5 * 60_000;

/** One page of an exam's submissions; `q` matches the student's name, username or ID on the server. */
export function getSubmissionsPage(examId: number, request: PageRequest): Promise<Page<Submission>> {
  return apiFetch(`/api/v1/submissions/exam/${examId}${pageQueryString(request)}`, {}, pageOf(submissionSchema));
}

export const submissionsPageQueryOptions = (examId: number, request: PageRequest) =>
  queryOptions({
    queryKey: keys.submissions.page(examId, request),
    queryFn: () => getSubmissionsPage(examId, request),
    // The page being left stays on screen while the next loads (one exam per screen, so never another's).
    placeholderData: keepPreviousData,
    // Its 'View Submission' and marked-paper links expire, unlike the cached data of other lists.
    staleTime: LINK_FRESH_MS,
    refetchOnWindowFocus: true,
  });

export function useSubmissionsPage(examId: number, request: PageRequest) {
  return useQuery(submissionsPageQueryOptions(examId, request));
}
