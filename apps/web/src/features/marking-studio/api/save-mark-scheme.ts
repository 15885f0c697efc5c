import { type MarkScheme, markSchemeInputSchema } from '@valence/contract';
import { client, done } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type MarkSchemeVariables = { examId: number; markScheme: MarkScheme };

/** Sets (or, empty, removes) the exam's mark scheme. */
export function saveMarkScheme({ examId, markScheme }: MarkSchemeVariables): Promise<unknown> {
  return done(client.PUT('/api/v1/exams/{examId}/mark-scheme', { params: { path: { examId } }, body: { markScheme } }));
}

// A failure is said inside the editor, beside the rows typed.
export const useSaveMarkScheme = changeHook(saveMarkScheme, {
  meta: { success: 'Mark scheme saved' },
  invalidates: ({ examId }) => [keys.marking.overview(examId), keys.exams.detail(examId)],
});

export { markSchemeInputSchema };
