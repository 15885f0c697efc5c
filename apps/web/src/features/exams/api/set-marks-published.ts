import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Exam, examSchema, publishGradesResponseSchema } from '@valence/contract';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { optimisticToggle } from './exam-cache';
import { failureText } from './failure-text';

export type SetMarksPublishedVariables = { exam: Exam; published: boolean };
type MarksAnswer = Exam & Partial<Pick<z.infer<typeof publishGradesResponseSchema>, 'unmarkedCount'>>;

/** PART II marks reach students only once published; the server refuses it (409) for an unpublished exam. */
export function setMarksPublished({ exam, published }: SetMarksPublishedVariables): Promise<MarksAnswer> {
  return published
    ? apiFetch(`/api/v1/exams/${exam.id}/publish-grades`, { method: 'POST' }, publishGradesResponseSchema)
    : apiFetch(`/api/v1/exams/${exam.id}/unpublish-grades`, { method: 'POST' }, examSchema);
}

/** Which scripts were still unmarked is known only once the server has published the marks. */
export function marksPublishedText({ published }: SetMarksPublishedVariables, answer: MarksAnswer): string {
  if (!published) return 'Marks unpublished successfully';
  const unmarked = answer.unmarkedCount ?? 0;
  if (unmarked === 0) return 'Marks published successfully';
  return `Marks published. ${unmarked} ${unmarked === 1 ? 'script is' : 'scripts are'} still unmarked.`;
}

export function useSetMarksPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMarksPublished,
    ...optimisticToggle(queryClient, 'gradesPublished', (variables: SetMarksPublishedVariables) => variables.published),
    meta: {
      success: marksPublishedText,
      error: ({ published }: SetMarksPublishedVariables, error: unknown) =>
        failureText(error, `Failed to ${published ? 'publish' : 'unpublish'} grades. Please try again.`),
    },
  });
}
