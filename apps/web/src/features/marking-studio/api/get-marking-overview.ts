import { type MarkingOverview, markingOverviewSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** The exam as the studio needs it: its progress, mark scheme and comment bank. */
export function getMarkingOverview(examId: number): Promise<MarkingOverview> {
  return read(client.GET('/api/v1/exams/{examId}/marking', { params: { path: { examId } } }), markingOverviewSchema);
}

export const [markingOverviewQueryOptions, useMarkingOverview] = apiQuery(keys.marking.overview, getMarkingOverview);
