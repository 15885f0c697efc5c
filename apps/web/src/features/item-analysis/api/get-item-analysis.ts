import { type ItemAnalysis, itemAnalysisSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** How each question of an MCQ exam performed, over its submissions (computed by the server in SQL). */
export function getItemAnalysis(examId: number): Promise<ItemAnalysis> {
  return apiFetch(`/api/v1/exams/${examId}/item-analysis`, {}, itemAnalysisSchema);
}

export const [itemAnalysisQueryOptions, useItemAnalysis] = apiQuery(keys.exams.itemAnalysis, getItemAnalysis);
