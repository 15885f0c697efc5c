import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ExamStart, examStartSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';
import { noteServerNow } from '../../../lib/server-clock';

/**
 * Starts the student's sitting of a timed exam (a repeat answers the same sitting). The server's
 * time comes with it: the countdown runs from that, not from the phone's clock.
 */
export async function startExam(examId: number): Promise<ExamStart> {
  const start = await read(client.POST('/me/exams/{examId}/start', { params: { path: { examId } } }), examStartSchema);
  noteServerNow(start.serverNow);
  return start;
}

export const useStartExam = (examId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startExam(examId),
    // Started or refused (not open yet, closed, handed in): the exam, now with its questions, is read again.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: learnKeys.myExams, exact: true }),
        queryClient.invalidateQueries({ queryKey: learnKeys.myExam(examId), exact: true }),
      ]);
    },
  });
};
