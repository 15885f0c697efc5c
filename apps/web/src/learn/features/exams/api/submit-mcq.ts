import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type McqAnswers, mySubmissionSchema } from '@valence/contract';
import { actionKeyOf, client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** Hands in the MCQ answers: scored at once; the mark comes back only when the student may see it. */
export const submitMcq = (examId: number, body: McqAnswers, idempotencyKey?: string) =>
  read(
    client.POST('/api/v1/submissions/exam/{examId}/mcq', {
      params: { path: { examId } },
      body,
      headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
    }),
    mySubmissionSchema,
  );

export const useSubmitMcq = (examId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: McqAnswers, run) => submitMcq(examId, body, actionKeyOf(run)),
    // Submitted or refused (past due, submitted already), the exam's state has moved on.
    // (Not the draft read, which a sitting takes once when it opens.)
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: learnKeys.myExams, exact: true }),
        queryClient.invalidateQueries({ queryKey: learnKeys.myExam(examId), exact: true }),
        // The marks page lists what was handed in.
        queryClient.invalidateQueries({ queryKey: learnKeys.myMarks }),
      ]);
    },
  });
};
