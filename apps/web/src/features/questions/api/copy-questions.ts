import { type McqQuestion, mcqQuestionSchema } from '@valence/contract';
import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { questionChangeHook } from '../model/question-change';

const copiedSchema = z.array(mcqQuestionSchema);

/** Onto `examId`: the questions `questionIds` of `fromExamId`, in that exam's order, pictures included. */
export type CopyQuestionsVariables = { examId: number; fromExamId: number; questionIds: number[] };

export function copyQuestions({ examId, fromExamId, questionIds }: CopyQuestionsVariables): Promise<McqQuestion[]> {
  return read(
    client.POST('/api/v1/exams/{examId}/mcq-questions/copy', {
      params: { path: { examId } },
      body: { fromExamId, questionIds },
    }),
    copiedSchema,
  );
}

export const copiedText = (count: number) => `${count} question${count === 1 ? '' : 's'} copied.`;

/** Success goes to the page's status line; a failure is shown inside the dialog, which stays open. */
export const useCopyQuestions = questionChangeHook(copyQuestions, {
  meta: { success: (_variables: CopyQuestionsVariables, copied: McqQuestion[]) => copiedText(copied.length) },
  logAs: 'Failed to copy questions',
});
