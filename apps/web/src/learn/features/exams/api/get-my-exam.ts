import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StudentExam, studentExamSchema } from '@valence/contract';
import { api } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** One exam with its questions and options in order (never the answer key), and where the student stands. */
export const getMyExam = (examId: number) => api<StudentExam>(`/me/exams/${examId}`, {}, studentExamSchema);

/** How long after the due time an open MCQ page keeps asking whether the server handed the sitting in. */
const HAND_IN_WATCH = 2 * 60_000;

export const myExamQuery = (examId: number) =>
  queryOptions({
    queryKey: learnKeys.myExam(examId),
    queryFn: () => getMyExam(examId),
    // The server hands a saved sitting in at the due time; a phone whose clock runs ahead of the
    // server's would otherwise keep showing "closed" for a sitting that is handed in a moment later.
    refetchInterval: (query) => {
      const exam = query.state.data;
      if (exam?.examType !== 'MCQ' || exam.submitted) return false;
      const since = Date.now() - new Date(exam.dueDate).getTime();
      return since >= 0 && since < HAND_IN_WATCH ? 15_000 : false;
    },
  });

export const useMyExam = (examId: number) => useQuery(myExamQuery(examId));
