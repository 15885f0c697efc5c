import { queryOptions, useQuery } from '@tanstack/react-query';
import { resumePointSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** Where the student's latest viewing of the lecture stopped (null when there is none). */
export const getResumePoint = (lectureId: number) =>
  read(client.GET('/me/lectures/{id}/resume', { params: { path: { id: lectureId } } }), resumePointSchema);

export const resumePointQuery = (lectureId: number) =>
  queryOptions({
    queryKey: learnKeys.resumePoint(lectureId),
    queryFn: () => getResumePoint(lectureId),
    // Asked once when the screen opens: a refetch while watching would offer to jump back.
    staleTime: 0,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });

export const useResumePoint = (lectureId: number) => useQuery(resumePointQuery(lectureId));
