import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StudentExam, studentExamSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';
import { noteServerNow, serverNow } from '../../../lib/server-clock';

/**
 * One exam with its questions and options in order (never the answer key), and where the student
 * stands. Its `serverNow` sets the phone's idea of the server's time (lib/server-clock).
 */
export async function getMyExam(examId: number): Promise<StudentExam> {
  const exam = await read(client.GET('/me/exams/{examId}', { params: { path: { examId } } }), studentExamSchema);
  noteServerNow(exam.serverNow);
  return exam;
}

/** How long after the due time (or a sitting's deadline) an open MCQ page keeps asking whether the server handed the sitting in. */
const HAND_IN_WATCH = 2 * 60_000;

export const myExamQuery = (examId: number) =>
  queryOptions({
    queryKey: learnKeys.myExam(examId),
    queryFn: () => getMyExam(examId),
    // The server hands a saved sitting in at the due time; a phone whose clock runs ahead of the
    // server's would otherwise keep showing "closed" for a sitting that is handed in a moment later.
    // A timed sitting ends at its own deadline, handed in by the phone or, offline, by the server.
    refetchInterval: (query) => {
      const exam = query.state.data;
      if (exam?.examType !== 'MCQ' || exam.submitted) return false;
      const end = exam.sitting ? exam.sitting.deadline : exam.dueDate;
      const since = serverNow() - new Date(end).getTime();
      return since >= 0 && since < HAND_IN_WATCH ? 15_000 : false;
    },
  });

export const useMyExam = (examId: number) => useQuery(myExamQuery(examId));
