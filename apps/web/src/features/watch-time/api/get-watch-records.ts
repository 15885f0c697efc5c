import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Page, type WatchRecord, watchRecordSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQueryString } from '../../../lib/paging';
import { keys, type WatchFilters } from '../../../lib/query-keys';

export type WatchRecordsRequest = PageRequest & WatchFilters;

const filterParams = ({ from, to }: WatchFilters) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) });

/** One page of a student's watch records: video name (`q`), day range and sort. */
export function getWatchRecordsPage(username: string, request: WatchRecordsRequest): Promise<Page<WatchRecord>> {
  const query = pageQueryString(request, filterParams(request));
  return apiFetch(`/watchtime/${encodeURIComponent(username)}${query}`, {}, pageOf(watchRecordSchema));
}

/** Every record under the same filters, for the PDF: the report covers all of them, not one page. */
export function getAllWatchRecords(username: string, filters: WatchFilters & { q?: string; sort?: string }) {
  const params = new URLSearchParams({ ...filterParams(filters) });
  if (filters.q) params.set('q', filters.q);
  if (filters.sort) params.set('sort', filters.sort);
  const query = params.size > 0 ? `?${params}` : '';
  return apiFetch(`/watchtime/${encodeURIComponent(username)}${query}`, {}, z.array(watchRecordSchema));
}

export const watchRecordsQueryOptions = (username: string, request: WatchRecordsRequest) =>
  queryOptions({
    queryKey: keys.watchTime.page(username, request),
    queryFn: () => getWatchRecordsPage(username, request),
    placeholderData: keepPreviousData,
  });

export function useWatchRecords(username: string, request: WatchRecordsRequest) {
  return useQuery(watchRecordsQueryOptions(username, request));
}
