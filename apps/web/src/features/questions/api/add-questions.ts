import { type McqQuestion, mcqQuestionSchema } from '@valence/contract';
import { z } from 'zod';
import { client, formBody, read } from '../../../lib/api-client';
import { questionChangeHook } from '../model/question-change';
import type { QuestionPayload } from './add-question';

const createdSchema = z.array(mcqQuestionSchema);

/**
 * The bulk call's multipart body: `questions` (a JSON array) and exactly one `questionImageFiles`
 * part per question, in order, so the server can pair them; a question without a picture sends an
 * empty placeholder file named 'empty'.
 */
export function bulkFormData(questions: QuestionPayload[]): FormData {
  const form = new FormData();
  form.append('questions', JSON.stringify(questions.map((question) => question.input)));
  for (const { image } of questions) {
    if (image) form.append('questionImageFiles', image, image.name);
    else form.append('questionImageFiles', new Blob([], { type: 'application/octet-stream' }), 'empty');
  }
  return form;
}

export type AddQuestionsVariables = { examId: number; questions: QuestionPayload[] };

export function addQuestions({ examId, questions }: AddQuestionsVariables): Promise<McqQuestion[]> {
  return read(
    client.POST('/api/v1/exams/{examId}/mcq-questions/bulk', {
      params: { path: { examId } },
      body: formBody(bulkFormData(questions)),
    }),
    createdSchema,
  );
}

/** The add-many form shows the outcome beside its Save button, where the user is looking. */
export const useAddQuestions = questionChangeHook(addQuestions, { logAs: 'Failed to save new questions' });
