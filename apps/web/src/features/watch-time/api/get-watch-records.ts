import { type Page, type WatchRecord, watchRecordSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { listQueryString, type PageRequest, pageOf, pageQueryString } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys, type WatchFilters } from '../../../lib/query-keys';

export type WatchRecordsRequest = PageRequest & WatchFilters;

/** One page of a student's watch records: video name (`q`), day range and sort. */
export function getWatchRecordsPage(username: string, request: WatchRecordsRequest): Promise<Page<WatchRecord>> {
  const query = pageQueryString(request, { from: request.from, to: request.to });
  return apiFetch(`/api/watchtime/${encodeURIComponent(username)}${query}`, {}, pageOf(watchRecordSchema));
}

/** Every record under the same filters, for the PDF: the report covers all of them, not one page. */
export function getAllWatchRecords(username: string, filters: WatchFilters & { q?: string; sort?: string }) {
  const query = listQueryString({ q: filters.q, sort: filters.sort, from: filters.from, to: filters.to });
  return apiFetch(`/api/watchtime/${encodeURIComponent(username)}${query}`, {}, z.array(watchRecordSchema));
}

export const [watchRecordsQueryOptions, useWatchRecords] = pagedQuery(keys.watchTime.page, getWatchRecordsPage);
