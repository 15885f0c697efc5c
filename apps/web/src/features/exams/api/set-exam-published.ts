import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Exam, examSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { optimisticToggle } from './exam-cache';
import { failureText } from './failure-text';

export type SetExamPublishedVariables = { exam: Exam; published: boolean };

/** Publishing lets students see and sit the exam; unpublishing hides it again. */
export function setExamPublished({ exam, published }: SetExamPublishedVariables): Promise<Exam> {
  return apiFetch(`/api/v1/exams/${exam.id}/${published ? 'publish' : 'unpublish'}`, { method: 'POST' }, examSchema);
}

export function useSetExamPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setExamPublished,
    ...optimisticToggle(queryClient, 'published', (variables: SetExamPublishedVariables) => variables.published),
    meta: {
      success: ({ exam, published }: SetExamPublishedVariables) =>
        `Exam "${exam.title}" ${published ? 'published' : 'unpublished'} successfully`,
      error: ({ published }: SetExamPublishedVariables, error: unknown) =>
        failureText(error, `Failed to ${published ? 'publish' : 'unpublish'} exam. Please try again.`),
    },
  });
}
