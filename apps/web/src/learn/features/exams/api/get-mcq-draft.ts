import { queryOptions, useQuery } from '@tanstack/react-query';
import { type McqDraft, mcqDraftSchema } from '@valence/contract';
import { ApiError, client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** The choices saved on the server for this sitting, or null before the first save (a 404). */
export async function getMcqDraft(examId: number): Promise<McqDraft | null> {
  try {
    return await read(
      client.GET('/api/v1/submissions/exam/{examId}/draft', { params: { path: { examId } } }),
      mcqDraftSchema,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const mcqDraftQuery = (examId: number) =>
  queryOptions({
    queryKey: learnKeys.mcqDraft(examId),
    queryFn: () => getMcqDraft(examId),
    // Read once per opening and never from an old cache: the sitting starts from it, and the phone's
    // own saves since then are newer than any copy kept here.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useMcqDraft = (examId: number, enabled: boolean) => useQuery({ ...mcqDraftQuery(examId), enabled });
