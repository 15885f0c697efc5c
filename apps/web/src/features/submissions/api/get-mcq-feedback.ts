import { type McqFeedback, mcqFeedbackSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';
import { LINK_FRESH_MS } from './get-submissions';

/** A student's MCQ answers question by question, with the correct option and signed picture links. */
export function getMcqFeedback(submissionId: number): Promise<McqFeedback> {
  return read(
    client.GET('/api/v1/submissions/{id}/mcq-feedback', { params: { path: { id: submissionId } } }),
    mcqFeedbackSchema,
  );
}

// The question pictures are signed links: reopening the dialog later asks again.
export const [mcqFeedbackQueryOptions, useMcqFeedback] = apiQuery(keys.submissions.feedback, getMcqFeedback, {
  staleTime: LINK_FRESH_MS,
});
