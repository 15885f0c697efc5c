import { type Exam, examSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { type PublishVariables, publishToggleHook } from '../model/exam-cache';

export type SetExamPublishedVariables = PublishVariables;

/** Publishing lets students see and sit the exam; unpublishing hides it again. */
export function setExamPublished({ exam, published }: SetExamPublishedVariables): Promise<Exam> {
  return apiFetch(`/api/v1/exams/${exam.id}/${published ? 'publish' : 'unpublish'}`, { method: 'POST' }, examSchema);
}

export const useSetExamPublished = publishToggleHook(
  'published',
  setExamPublished,
  ({ exam, published }) => `Exam "${exam.title}" ${published ? 'published' : 'unpublished'} successfully`,
  'exam',
);
