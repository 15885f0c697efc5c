import { useDebouncedValue } from '@mantine/hooks';
import { type Page, pageSchema, SEARCH_DEBOUNCE_MS } from '@valence/contract';
import { useState } from 'react';
import type { z } from 'zod';

/** One page of a list as a screen asks for it: 1-based page number, its size, a search and a sort. */
export type PageRequest = { page: number; pageSize: number; q?: string; sort?: string };

type QueryValue = string | number | undefined;

/**
 * The query string of a list call: `q` trimmed, and every empty value left out so the server sees
 * only what was chosen.
 */
export function listQueryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const text = name === 'q' && typeof value === 'string' ? value.trim() : value;
    if (text !== undefined && text !== '') search.set(name, String(text));
  }
  return search.size > 0 ? `?${search}` : '';
}

/** The query string of one page (`limit`, `offset`, `q`, `sort`, then any filters of the list). */
export function pageQueryString(request: PageRequest, extra: Record<string, QueryValue> = {}): string {
  const { page, pageSize, q, sort } = request;
  return listQueryString({ limit: pageSize, offset: (page - 1) * pageSize, q, sort, ...extra });
}

/** The schema of one page of `item`s, for apiFetch. */
export const pageOf = <T extends z.ZodType>(item: T) => pageSchema(item) as unknown as z.ZodType<Page<z.infer<T>>>;

/**
 * The state of a searchable paged list: what is typed (shown at once), the search sent to the
 * server (300 ms after the last key, so typing does not send a request per letter) and the page, back to 1 whenever the search
 * changes so a narrower search never lands on an empty page.
 */
export function usePagedSearch(pageSize: number) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  const request: PageRequest = { page, pageSize, q: debounced };
  return { search, setSearch, page, pageSize, setPage, request, searching: debounced !== '' };
}
