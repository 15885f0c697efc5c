import type { ItemAnalysis, ItemStatistics } from '@valence/contract';

export const ITEM_ORDERS = {
  paper: 'Paper order',
  'facility-asc': 'Facility, lowest first',
  'facility-desc': 'Facility, highest first',
} as const;
export type ItemOrder = keyof typeof ITEM_ORDERS;

/** Each question's figures by its id. */
export function statisticsById(analysis: ItemAnalysis | undefined): Map<number, ItemStatistics> {
  return new Map((analysis?.questions ?? []).map((item) => [item.questionId, item]));
}

/**
 * A comparison of question ids for the order chosen, or undefined for the paper's own order. A
 * question without a facility (no sitters, or added since) goes last either way; ties keep the
 * paper's order (the sort is stable).
 */
export function itemComparator(
  order: ItemOrder,
  analysis: ItemAnalysis | undefined,
): ((a: { id: number }, b: { id: number }) => number) | undefined {
  if (order === 'paper' || !analysis) return undefined;
  const byId = statisticsById(analysis);
  const sign = order === 'facility-asc' ? 1 : -1;
  return (a, b) => {
    const fa = byId.get(a.id)?.facility ?? null;
    const fb = byId.get(b.id)?.facility ?? null;
    if (fa === null || fb === null) return (fa === null ? 1 : 0) - (fb === null ? 1 : 0);
    return sign * (fa - fb);
  };
}
