import { pageSchema, sittingRowSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

const countOnly = pageSchema(sittingRowSchema);

/** How many of the exam's students are sitting it now (started or answering, not handed in): a count alone. */
export async function getSittingNow(examId: number): Promise<number> {
  const page = await read(
    client.GET('/api/v1/exams/{examId}/sittings', {
      params: { path: { examId }, query: { limit: '0', state: 'in-progress' } },
    }),
    countOnly,
  );
  return page.total;
}

// Counted again every minute while the card is on screen: on exam day it moves as students start.
export const [sittingNowQueryOptions, useSittingNow] = apiQuery(
  (examId: number) => keys.submissions.sittings(examId, { page: 1, pageSize: 0 }, 'in-progress'),
  getSittingNow,
  { staleTime: 30_000, refetchInterval: 60_000 },
);
