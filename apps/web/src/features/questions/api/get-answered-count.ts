import { questionAnsweredSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { questionsPath } from '../model/question-change';

/** How many hand-ins answered the question: asked just before its correct option is changed. */
export async function getAnsweredCount(examId: number, questionId: number): Promise<number> {
  const answer = await apiFetch(questionsPath(examId, `/${questionId}/answered`), {}, questionAnsweredSchema);
  return answer.count;
}
