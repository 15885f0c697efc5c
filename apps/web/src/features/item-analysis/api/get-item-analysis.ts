import { type ItemAnalysis, itemAnalysisSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** How each question of an MCQ exam performed, over its submissions (computed by the server in SQL). */
export function getItemAnalysis(examId: number): Promise<ItemAnalysis> {
  return read(client.GET('/api/v1/exams/{examId}/item-analysis', { params: { path: { examId } } }), itemAnalysisSchema);
}

export const [itemAnalysisQueryOptions, useItemAnalysis] = apiQuery(keys.exams.itemAnalysis, getItemAnalysis);
