import { type Exam, examSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PublishVariables, publishToggleHook } from '../model/exam-cache';

export type SetExamPublishedVariables = PublishVariables;

/** Publishing lets students see and sit the exam; unpublishing hides it again. */
export function setExamPublished({ exam, published }: SetExamPublishedVariables): Promise<Exam> {
  const path = published ? '/api/v1/exams/{id}/publish' : '/api/v1/exams/{id}/unpublish';
  return read(client.POST(path, { params: { path: { id: exam.id } } }), examSchema);
}

export const useSetExamPublished = publishToggleHook(
  'published',
  setExamPublished,
  ({ exam, published }) => `Exam "${exam.title}" ${published ? 'published' : 'unpublished'} successfully`,
  'exam',
);
