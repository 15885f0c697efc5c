import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentExamSummarySchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** The published exams of the student's active courses, without questions, soonest due first. */
export const getMyExams = () => read(client.GET('/me/exams'), studentExamSummarySchema.array());

export const myExamsQuery = () => queryOptions({ queryKey: learnKeys.myExams, queryFn: getMyExams });

export const useMyExams = () => useQuery(myExamsQuery());
