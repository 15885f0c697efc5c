import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ExamGroupPage, examGroupPageSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageQuery } from '../../../lib/paging';
import { keys } from '../../../lib/query-keys';

/**
 * One page of a course's exam groups (exams sharing an identifier) whose title or description
 * contains `q`: `total` counts groups, `items` holds every exam of the groups on the page.
 */
export function getExamGroupPage(courseId: number, request: PageRequest): Promise<ExamGroupPage> {
  return read(
    client.GET('/api/v1/exams/course/{courseId}/all', { params: { path: { courseId }, query: pageQuery(request) } }),
    examGroupPageSchema,
  );
}

export const examGroupPageQueryOptions = (courseId: number, request: PageRequest) =>
  queryOptions({
    queryKey: keys.exams.page(courseId, request),
    queryFn: () => getExamGroupPage(courseId, request),
    // The page being left stays on screen until the next one arrives, but another course's exams
    // never stand in for the chosen course's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === courseId ? previous : undefined),
  });

export function useExamGroupPage(courseId: number, request: PageRequest) {
  return useQuery(examGroupPageQueryOptions(courseId, request));
}
