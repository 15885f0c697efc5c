import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ResumePoint, resumePointSchema } from '@valence/contract';
import { api } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** Where the student's latest viewing of the lecture stopped (null when there is none). */
export const getResumePoint = (lectureId: number) =>
  api<ResumePoint>(`/me/lectures/${lectureId}/resume`, {}, resumePointSchema);

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
