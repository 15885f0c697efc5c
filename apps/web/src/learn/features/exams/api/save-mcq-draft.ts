import { type McqDraft, type McqDraftInput, mcqDraftSchema } from '@valence/contract';
import { api } from '../../../lib/api';

/**
 * Saves the whole set of choices so far. The server keeps the highest revision, so a late retry
 * never undoes a newer choice. No hook: the sitting's draft queue (model/draft-queue.ts) calls it,
 * one save at a time, and retries it while the phone is offline.
 */
export const saveMcqDraft = (examId: number, body: McqDraftInput) =>
  api<McqDraft>(`/api/v1/submissions/exam/${examId}/draft`, { method: 'PUT', body }, mcqDraftSchema);
