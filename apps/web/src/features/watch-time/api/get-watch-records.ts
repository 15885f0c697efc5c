import { type Page, type WATCH_SORT_FIELDS, type WatchRecord, watchRecordSchema } from '@valence/contract';
import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { listQuery, type PageRequest, pageOf, pageQuery, type SortOf } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys, type WatchFilters } from '../../../lib/query-keys';

export type WatchRecordsRequest = PageRequest & WatchFilters;
type WatchSort = SortOf<typeof WATCH_SORT_FIELDS>;

/** One page of a student's watch records: video name (`q`), day range and sort. */
export function getWatchRecordsPage(username: string, request: WatchRecordsRequest): Promise<Page<WatchRecord>> {
  const query = pageQuery<WatchSort>(request, { from: request.from, to: request.to });
  return read(
    client.GET('/api/watchtime/{username}', { params: { path: { username }, query } }),
    pageOf(watchRecordSchema),
  );
}

/** Every record under the same filters, for the PDF: the report covers all of them, not one page. */
export function getAllWatchRecords(username: string, filters: WatchFilters & { q?: string; sort?: string }) {
  const query = listQuery({
    q: filters.q,
    sort: filters.sort as WatchSort | undefined,
    from: filters.from,
    to: filters.to,
  });
  return read(
    client.GET('/api/watchtime/{username}', { params: { path: { username }, query } }),
    z.array(watchRecordSchema),
  );
}

export const [watchRecordsQueryOptions, useWatchRecords] = pagedQuery(keys.watchTime.page, getWatchRecordsPage);
