import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StudentExamSummary, studentExamSummarySchema } from '@valence/contract';
import { api } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** The published exams of the student's active courses, without questions, soonest due first. */
export const getMyExams = () => api<StudentExamSummary[]>('/me/exams', {}, studentExamSummarySchema.array());

export const myExamsQuery = () => queryOptions({ queryKey: learnKeys.myExams, queryFn: getMyExams });

export const useMyExams = () => useQuery(myExamsQuery());
