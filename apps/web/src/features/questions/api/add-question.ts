import { type McqQuestion, mcqQuestionSchema, type QuestionInput } from '@valence/contract';
import { client, formBody, read } from '../../../lib/api-client';
import { questionChangeHook } from '../model/question-change';

/** One question as sent: the `questionDTO` JSON and, when chosen, its picture. */
export type QuestionPayload = { input: QuestionInput; image: File | null };

/** The multipart body of the add and edit calls: `questionDTO` (JSON text) and `questionImageFile`. */
export function questionFormData({ input, image }: QuestionPayload): FormData {
  const form = new FormData();
  form.append('questionDTO', JSON.stringify(input));
  if (image) form.append('questionImageFile', image, image.name);
  return form;
}

export type AddQuestionVariables = QuestionPayload & { examId: number };

export function addQuestion({ examId, ...payload }: AddQuestionVariables): Promise<McqQuestion> {
  return read(
    client.POST('/api/v1/exams/{examId}/mcq-questions', {
      params: { path: { examId } },
      body: formBody(questionFormData(payload)),
    }),
    mcqQuestionSchema,
  );
}

/** A failure is shown inside the dialog (which keeps the input) and logged, as the screen's fixed text says. */
export const useAddQuestion = questionChangeHook(addQuestion, {
  meta: { success: 'Question added successfully' },
  logAs: 'Failed to save question',
});
