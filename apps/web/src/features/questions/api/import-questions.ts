import {
  type QuestionImportRefusal,
  type QuestionImportResult,
  questionImportRefusalSchema,
  questionImportResultSchema,
} from '@valence/contract';
import { ApiError, client, formBody, read } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation';
import { questionChangeHook } from '../model/question-change';

export type ImportQuestionsVariables = {
  examId: number;
  /** The question file: CSV, XLSX, Aiken or GIFT. */
  file: File;
  /** The zip of pictures the file's `image` column names. */
  images: File | null;
};

/** The import's multipart body: `file` and, when chosen, `images`. */
export function importFormData({ file, images }: ImportQuestionsVariables): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  if (images) form.append('images', images, images.name);
  return form;
}

function sendImport(variables: ImportQuestionsVariables, dryRun: boolean): Promise<QuestionImportResult> {
  return read(
    client.POST('/api/v1/exams/{examId}/mcq-questions/import', {
      params: { path: { examId: variables.examId }, query: dryRun ? { dryRun: 'true' } : {} },
      body: formBody(importFormData(variables)),
    }),
    questionImportResultSchema,
  );
}

/** Reads the file and reports every question and problem in it; nothing is saved. */
export const checkImport = (variables: ImportQuestionsVariables) => sendImport(variables, true);

/** Saves every question of the file, or none: a file with any problem is refused with its report. */
export const importQuestions = (variables: ImportQuestionsVariables) => sendImport(variables, false);

/** The report a refused import (400) carries, or null when the failure was something else. */
export function refusedReport(error: unknown): QuestionImportRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const parsed = questionImportRefusalSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

const importedText = (count: number) => `${count} question${count === 1 ? '' : 's'} imported.`;

/** A check changes nothing, so it neither refreshes the exam nor says anything on the page. */
export const useCheckImport = mutationHook(checkImport, () => ({}));

/** The dialog shows a refusal itself (the report); a success is said on the page, under the list it refreshed. */
export const useImportQuestions = questionChangeHook(importQuestions, {
  meta: {
    success: (_variables: ImportQuestionsVariables, data: QuestionImportResult) => importedText(data.saved.length),
  },
  logAs: 'Failed to import questions',
});
