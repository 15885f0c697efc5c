import { questionAnsweredSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';

/** How many hand-ins answered the question: asked just before its correct option is changed. */
export async function getAnsweredCount(examId: number, questionId: number): Promise<number> {
  const answer = await read(
    client.GET('/api/v1/exams/{examId}/mcq-questions/{questionId}/answered', {
      params: { path: { examId, questionId } },
    }),
    questionAnsweredSchema,
  );
  return answer.count;
}
