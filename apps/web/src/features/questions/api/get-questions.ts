import { type McqQuestion, mcqQuestionSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';
import { questionsPath } from '../model/question-change';

const questionsSchema = z.array(mcqQuestionSchema);

/** Every question of an MCQ exam, in order (at most EXAM_LIMITS.questionsPerExam, so not paged). */
export function getQuestions(examId: number): Promise<McqQuestion[]> {
  return apiFetch(questionsPath(examId), {}, questionsSchema);
}

export const [questionsQueryOptions, useQuestions] = apiQuery(keys.exams.questions, getQuestions);
