import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type McqQuestion, mcqQuestionSchema, type QuestionInput } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { refreshExam } from './refresh-exam';

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
  return apiFetch(
    `/api/v1/exams/${examId}/mcq-questions`,
    { method: 'POST', body: questionFormData(payload) },
    mcqQuestionSchema,
  );
}

/** A failure is shown inside the dialog (which keeps the input) and logged, as the spec's text says. */
export function useAddQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addQuestion,
    meta: { success: 'Question added successfully' },
    onError: (error) => console.error('Failed to save question', error),
    onSuccess: (_question, { examId }) => refreshExam(queryClient, examId),
  });
}
