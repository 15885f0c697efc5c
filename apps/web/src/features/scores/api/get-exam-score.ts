import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type ExamScore, examScoreSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys, type ScoreLookup } from '../../../lib/query-keys';

/** A student's combined score under an exam identifier, with which parts' marks are published. */
export function getExamScore({ studentId, examIdentifier }: ScoreLookup): Promise<ExamScore> {
  const path = `/api/v1/submissions/student/${studentId}/exam-score/${encodeURIComponent(examIdentifier)}`;
  return apiFetch(path, {}, examScoreSchema);
}

/** Nothing is asked until the form has a student ID and an identifier (`null` until then). */
export const examScoreQueryOptions = (lookup: ScoreLookup | null) =>
  queryOptions({
    queryKey: keys.scores.examScore(lookup ?? { studentId: 0, examIdentifier: '' }),
    queryFn: lookup ? () => getExamScore(lookup) : skipToken,
  });

export function useExamScore(lookup: ScoreLookup | null) {
  return useQuery(examScoreQueryOptions(lookup));
}
