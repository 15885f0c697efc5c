import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type MarksSummary, marksSummarySchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys, type ScoreLookup } from '../../../lib/query-keys';

/** One student's MCQ and PART II marks under an exam identifier; 404 with a reason when nothing matches. */
export function getMarksSummary({ studentId, examIdentifier }: ScoreLookup): Promise<MarksSummary> {
  const path = `/api/v1/submissions/admin/student/${studentId}/marks-summary/${encodeURIComponent(examIdentifier)}`;
  return apiFetch(path, {}, marksSummarySchema);
}

/** Nothing is asked until the form has a student and an identifier (`null` until then). */
export const marksSummaryQueryOptions = (lookup: ScoreLookup | null) =>
  queryOptions({
    queryKey: keys.scores.marksSummary(lookup ?? { studentId: 0, examIdentifier: '' }),
    queryFn: lookup ? () => getMarksSummary(lookup) : skipToken,
  });

export function useMarksSummary(lookup: ScoreLookup | null) {
  return useQuery(marksSummaryQueryOptions(lookup));
}
