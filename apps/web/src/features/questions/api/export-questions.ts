import type { QuestionExportFormat } from '@valence/contract';
import { client, file } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { failureWith, mutationHook } from '../../../lib/mutation';

export type ExportQuestionsVariables = { examId: number; format: QuestionExportFormat };

/** How each format is named on the screen and what its file ends with, when the server names none. */
export const EXPORT_FORMATS: Record<QuestionExportFormat, { label: string; extension: string }> = {
  csv: { label: 'CSV', extension: 'csv' },
  xlsx: { label: 'XLSX', extension: 'xlsx' },
  aiken: { label: 'Aiken', extension: 'txt' },
};

/** Downloads the exam's questions in a format the import reads back unchanged. */
export async function exportQuestions({ examId, format }: ExportQuestionsVariables): Promise<void> {
  const { blob, fileName } = await file(
    client.GET('/api/v1/exams/{examId}/mcq-questions/export', {
      params: { path: { examId }, query: { format } },
      parseAs: 'blob',
    }),
  );
  saveBlob(blob, fileName ?? `exam-${examId}-questions.${EXPORT_FORMATS[format].extension}`);
}

export const useExportQuestions = mutationHook(exportQuestions, () => ({
  meta: {
    success: ({ format }: ExportQuestionsVariables) => `Questions exported as ${EXPORT_FORMATS[format].label}.`,
    error: failureWith('Error exporting questions'),
  },
}));
