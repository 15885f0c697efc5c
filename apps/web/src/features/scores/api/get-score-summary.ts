import { type ScoreSummaryRow, scoreSummaryRowSchema } from '@valence/contract';
import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/**
 * Every exam identifier the student has marks under. The server's call takes no paging parameters
 * (it answers a plain array), so the whole array comes at once and the panel pages it.
 */
export function getScoreSummary(studentId: number): Promise<ScoreSummaryRow[]> {
  return read(
    client.GET('/api/v1/exams/student/{studentId}/score-summary', { params: { path: { studentId } } }),
    z.array(scoreSummaryRowSchema),
  );
}

export const [scoreSummaryQueryOptions, useScoreSummary] = apiQuery(keys.scores.summaryOf, getScoreSummary);
