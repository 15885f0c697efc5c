import { type NextScript, nextScriptSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';

/**
 * Claims the next unmarked script after `after` for this tutor (another tutor is never handed it
 * while the claim lasts) and answers its id, or null when none is left.
 */
export function claimNextScript(examId: number, after?: number): Promise<NextScript> {
  const query = after ? `?after=${after}` : '';
  return apiFetch(`/api/v1/exams/${examId}/marking/next${query}`, { method: 'POST' }, nextScriptSchema);
}
