import { QUESTION_MESSAGES } from '@valence/contract';
import { ApiError, client, done } from '../../../lib/api-client';
import { QUESTION_TEXTS } from '../messages';
import { questionChangeHook } from '../model/question-change';
import { serverMessage } from '../model/server-message';

export type DeleteQuestionVariables = { examId: number; questionId: number };

export function deleteQuestion({ examId, questionId }: DeleteQuestionVariables): Promise<void> {
  return done(
    client.DELETE('/api/v1/exams/{examId}/mcq-questions/{questionId}', { params: { path: { examId, questionId } } }),
  );
}

/** A 409 (a student answered it) gives the server's reason; anything else one fixed text. */
export function deleteFailureText(_variables: DeleteQuestionVariables, error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return serverMessage(error) ?? QUESTION_MESSAGES.answered;
  return QUESTION_TEXTS.deleteFailed;
}

export const useDeleteQuestion = questionChangeHook(deleteQuestion, {
  meta: { success: 'Question deleted successfully', error: deleteFailureText },
});
