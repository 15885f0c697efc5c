import { queryOptions, useQuery } from '@tanstack/react-query';
import { type McqFeedback, mcqFeedbackSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';
import { LINK_FRESH_MS } from './get-submissions';

/** A student's MCQ answers question by question, with the correct option and signed picture links. */
export function getMcqFeedback(submissionId: number): Promise<McqFeedback> {
  return apiFetch(`/api/v1/submissions/${submissionId}/mcq-feedback`, {}, mcqFeedbackSchema);
}

export const mcqFeedbackQueryOptions = (submissionId: number) =>
  queryOptions({
    queryKey: keys.submissions.feedback(submissionId),
    queryFn: () => getMcqFeedback(submissionId),
    // The question pictures are signed links: reopening the dialog later asks again.
    staleTime: LINK_FRESH_MS,
  });

export function useMcqFeedback(submissionId: number) {
  return useQuery(mcqFeedbackQueryOptions(submissionId));
}
