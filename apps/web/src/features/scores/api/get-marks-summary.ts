import { type MarksSummary, marksSummarySchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { keys, type ScoreLookup } from '../../../lib/query-keys';
import { lookupQuery } from '../model/lookup-query';

/** One student's MCQ and PART II marks under an exam identifier; 404 with a reason when nothing matches. */
export function getMarksSummary({ studentId, examIdentifier }: ScoreLookup): Promise<MarksSummary> {
  return read(
    client.GET('/api/v1/submissions/admin/student/{studentId}/marks-summary/{examIdentifier}', {
      params: { path: { studentId, examIdentifier } },
    }),
    marksSummarySchema,
  );
}

export const [marksSummaryQueryOptions, useMarksSummary] = lookupQuery(keys.scores.marksSummary, getMarksSummary);
