import { type GradebookStats, gradebookStatsSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** The class figures of each exam identifier: one call, kept while the table pages. */
export function getGradebookStats(courseId: number): Promise<GradebookStats> {
  return read(
    client.GET('/courses/{id}/gradebook/stats', { params: { path: { id: courseId } } }),
    gradebookStatsSchema,
  );
}

// Read again whenever shown, as the gradebook's page is (a hand-in changes them without a portal change).
export const [gradebookStatsQueryOptions, useGradebookStats] = apiQuery(keys.gradebook.stats, getGradebookStats, {
  staleTime: 0,
});
