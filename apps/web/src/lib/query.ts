import { keepPreviousData, type QueryKey, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** What a call may set beyond its key and fetcher: freshness, placeholder data, refetching. */
type QuerySettings<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'>;

/**
 * The query options and the hook of one API call, made from its key and its fetcher with the same
 * arguments, so every `get-*.ts` file holds only what differs: the request and its key.
 * `export const [courseQueryOptions, useCourse] = apiQuery(keys.courses.detail, getCourse);`
 */
export function apiQuery<A extends unknown[], T>(
  key: (...args: A) => QueryKey,
  fetcher: (...args: A) => Promise<T>,
  settings: QuerySettings<T> = {},
) {
  const options = (...args: A) =>
    queryOptions({ ...settings, queryKey: key(...args), queryFn: () => fetcher(...args) });
  const useApiQuery = (...args: A) => useQuery(options(...args));
  return [options, useApiQuery] as const;
}

/** `apiQuery` for one page of a list: the page being left stays on screen until the next one arrives. */
export function pagedQuery<A extends unknown[], T>(
  key: (...args: A) => QueryKey,
  fetcher: (...args: A) => Promise<T>,
  settings: QuerySettings<T> = {},
) {
  return apiQuery(key, fetcher, { placeholderData: keepPreviousData, ...settings });
}

/** Logs a query's failure, once per error: some load failures are only logged, not shown. */
export function useLogFailure(error: unknown, text: string) {
  useEffect(() => {
    if (error) console.error(text, error);
  }, [error, text]);
}
