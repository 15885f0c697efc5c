import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StudentExam, studentExamSchema } from '@valence/contract';
import { api } from '../../../lib/api';

/** One exam with its questions and options in order (never the answer key), and where the student stands. */
export const getMyExam = (examId: number) => api<StudentExam>(`/me/exams/${examId}`, {}, studentExamSchema);

export const myExamQuery = (examId: number) =>
  queryOptions({ queryKey: ['me', 'exams', examId], queryFn: () => getMyExam(examId) });

export const useMyExam = (examId: number) => useQuery(myExamQuery(examId));
