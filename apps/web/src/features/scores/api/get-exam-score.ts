import { type ExamScore, examScoreSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { keys, type ScoreLookup } from '../../../lib/query-keys';
import { lookupQuery } from '../model/lookup-query';

/** A student's combined score under an exam identifier, with which parts' marks are published. */
export function getExamScore({ studentId, examIdentifier }: ScoreLookup): Promise<ExamScore> {
  return read(
    client.GET('/api/v1/submissions/student/{studentId}/exam-score/{examIdentifier}', {
      params: { path: { studentId, examIdentifier } },
    }),
    examScoreSchema,
  );
}

export const [examScoreQueryOptions, useExamScore] = lookupQuery(keys.scores.examScore, getExamScore);
