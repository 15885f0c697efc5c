import { type McqFeedback, mcqFeedbackSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';
import { LINK_FRESH_MS } from './get-submissions';

/** A student's MCQ answers question by question, with the correct option and signed picture links. */
export function getMcqFeedback(submissionId: number): Promise<McqFeedback> {
  return apiFetch(`/api/v1/submissions/${submissionId}/mcq-feedback`, {}, mcqFeedbackSchema);
}

// The question pictures are signed links: reopening the dialog later asks again.
export const [mcqFeedbackQueryOptions, useMcqFeedback] = apiQuery(keys.submissions.feedback, getMcqFeedback, {
  staleTime: LINK_FRESH_MS,
});
