import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type McqQuestion, mcqQuestionSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { type QuestionPayload, questionFormData } from './add-question';
import { refreshExam } from './refresh-exam';

/** `input.removeImage` drops the current picture; a new `image` replaces it. */
export type UpdateQuestionVariables = QuestionPayload & { examId: number; questionId: number };

export function updateQuestion({ examId, questionId, ...payload }: UpdateQuestionVariables): Promise<McqQuestion> {
  return apiFetch(
    `/api/v1/exams/${examId}/mcq-questions/${questionId}`,
    { method: 'PUT', body: questionFormData(payload) },
    mcqQuestionSchema,
  );
}

/** Like adding: the dialog shows a failure itself and keeps the input. */
export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuestion,
    meta: { success: 'Question updated successfully' },
    onError: (error) => console.error('Failed to save question', error),
    onSuccess: (_question, { examId }) => refreshExam(queryClient, examId),
  });
}
