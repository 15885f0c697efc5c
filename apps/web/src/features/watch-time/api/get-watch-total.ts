import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

/** All the seconds the student has watched. */
export function getWatchTotal(username: string): Promise<number> {
  return apiFetch(`/api/watchtime/total/${encodeURIComponent(username)}`, {}, z.number());
}

export const watchTotalQueryOptions = (username: string) =>
  queryOptions({ queryKey: keys.watchTime.total(username), queryFn: () => getWatchTotal(username) });

export function useWatchTotal(username: string) {
  return useQuery(watchTotalQueryOptions(username));
}
