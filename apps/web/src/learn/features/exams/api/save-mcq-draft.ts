import { type McqDraftInput, mcqDraftSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';

/**
 * Saves the whole set of choices so far. The server keeps the highest revision, so a late retry
 * never undoes a newer choice. No hook: the sitting's draft queue (model/draft-queue.ts) calls it,
 * one save at a time, and retries it while the phone is offline.
 */
export const saveMcqDraft = (examId: number, body: McqDraftInput) =>
  read(client.PUT('/api/v1/submissions/exam/{examId}/draft', { params: { path: { examId } }, body }), mcqDraftSchema);
