import { type Exam, examSchema, publishGradesResponseSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PublishVariables, publishToggleHook } from '../model/exam-cache';

export type SetMarksPublishedVariables = PublishVariables;

/** PART II marks reach students only once published; the server refuses it (409) for an unpublished exam. */
export function setMarksPublished({ exam, published }: SetMarksPublishedVariables): Promise<Exam> {
  return published
    ? read(
        client.POST('/api/v1/exams/{id}/publish-grades', { params: { path: { id: exam.id } } }),
        publishGradesResponseSchema,
      )
    : read(client.POST('/api/v1/exams/{id}/unpublish-grades', { params: { path: { id: exam.id } } }), examSchema);
}

/** The server's count, taken as the marks went out: a script may have been marked since the page was read. */
export function marksPublishedText({ published }: SetMarksPublishedVariables, answer: Exam): string {
  if (!published) return 'Marks unpublished successfully';
  const unmarked = answer.unmarkedCount;
  if (unmarked === 0) return 'Marks published successfully';
  return `Marks published. ${unmarked} ${unmarked === 1 ? 'script is' : 'scripts are'} still unmarked.`;
}

export const useSetMarksPublished = publishToggleHook(
  'gradesPublished',
  setMarksPublished,
  marksPublishedText,
  'grades',
);
