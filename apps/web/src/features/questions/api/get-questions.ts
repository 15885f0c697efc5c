import { type McqQuestion, mcqQuestionSchema } from '@valence/contract';
import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

const questionsSchema = z.array(mcqQuestionSchema);

/** Every question of an MCQ exam, in order (at most EXAM_LIMITS.questionsPerExam, so not paged). */
export function getQuestions(examId: number): Promise<McqQuestion[]> {
  return read(client.GET('/api/v1/exams/{examId}/mcq-questions', { params: { path: { examId } } }), questionsSchema);
}

export const [questionsQueryOptions, useQuestions] = apiQuery(keys.exams.questions, getQuestions);
