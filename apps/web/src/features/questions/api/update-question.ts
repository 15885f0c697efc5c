import { type McqQuestion, mcqQuestionSchema } from '@valence/contract';
import { client, formBody, read } from '../../../lib/api-client';
import { questionChangeHook } from '../model/question-change';
import { type QuestionPayload, questionFormData } from './add-question';

/** `input.removeImage` drops the current picture; a new `image` replaces it. */
export type UpdateQuestionVariables = QuestionPayload & { examId: number; questionId: number };

export function updateQuestion({ examId, questionId, ...payload }: UpdateQuestionVariables): Promise<McqQuestion> {
  return read(
    client.PUT('/api/v1/exams/{examId}/mcq-questions/{questionId}', {
      params: { path: { examId, questionId } },
      body: formBody(questionFormData(payload)),
    }),
    mcqQuestionSchema,
  );
}

/** Like adding: the dialog shows a failure itself and keeps the input. */
export const useUpdateQuestion = questionChangeHook(updateQuestion, {
  meta: { success: 'Question updated successfully' },
  logAs: 'Failed to save question',
});
