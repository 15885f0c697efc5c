import { useDebouncedValue } from '@mantine/hooks';
import { type Page, pageSchema, SEARCH_DEBOUNCE_MS } from '@valence/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
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

/** The sorts of a list sorted by one of `fields`, ascending or (`-field`) descending. */
export type SortOf<F extends readonly string[]> = F[number] | `-${F[number]}`;

/** A query value as the document types it: a number is sent as text, a text (a state's name) keeps its type. */
type QueryText<V> = V extends number ? string : Exclude<V, undefined>;

/** A list call's query for the typed client: as `listQueryString`, each value a string (as the document types them). */
export function listQuery<P extends Record<string, QueryValue>>(params: P): { [K in keyof P]?: QueryText<P[K]> } {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = name === 'q' && typeof value === 'string' ? value.trim() : value;
    if (text !== undefined && text !== '') query[name] = String(text);
  }
  return query as { [K in keyof P]?: QueryText<P[K]> };
}

/**
 * One page's query for the typed client (`limit`, `offset`, `q`, `sort`, then any filters of the
 * list). The sort comes from the address as any text (the server refuses one it does not know): a
 * list that sorts names the document's sort type as `Sort`.
 */
export function pageQuery<Sort extends string = never, E extends Record<string, QueryValue> = Record<never, never>>(
  request: PageRequest,
  extra?: E,
): NoInfer<{ limit?: string; offset?: string; q?: string; sort?: Sort } & { [K in keyof E]?: QueryText<E[K]> }> {
  const { page, pageSize, q, sort } = request;
  return listQuery({ limit: pageSize, offset: (page - 1) * pageSize, q, sort, ...extra }) as never;
}

/** The query string of one page (`limit`, `offset`, `q`, `sort`, then any filters of the list). */
export function pageQueryString(request: PageRequest, extra: Record<string, QueryValue> = {}): string {
  const { page, pageSize, q, sort } = request;
  return listQueryString({ limit: pageSize, offset: (page - 1) * pageSize, q, sort, ...extra });
}

/** The schema of one page of `item`s, for apiFetch. */
export const pageOf = <T extends z.ZodType>(item: T) => pageSchema(item) as unknown as z.ZodType<Page<z.infer<T>>>;

/** The search a list sends for `text`: trimmed, 300 ms after the last key, so typing does not send a request per letter. */
function useSentSearch(text: string): string {
  const [sent] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return sent;
}

/**
 * Whether the user is on the way to another page: a navigation to another path waits for its code
 * or loaders (or its render, which React holds back while the old page stays on screen).
 */
function useLeavingPage(): boolean {
  const { pathname } = useLocation();
  const next = useNavigation().location;
  return next !== undefined && next.pathname !== pathname;
}

/**
 * What is typed in a search box that lives in the address: `write` gets the trimmed text 300 ms after
 * the last key, when it differs from `inAddress`. Returns the search sent. A write falling while the
 * user is on the way to another page waits: writing the address is a navigation, and it would cancel
 * theirs and bring them back here (a course clicked just after typing its name). If they stay, it is
 * written once the navigation is over; if they go, it never is.
 */
export function useAddressSearch(text: string, inAddress: string, write: (sent: string) => void): string {
  const sent = useSentSearch(text);
  const leaving = useLeavingPage();
  // Only a new sent search is written; the address's own changes must not be written back over.
  const lastSent = useRef(sent);
  useEffect(() => {
    if (sent === lastSent.current || leaving) return;
    lastSent.current = sent;
    if (sent !== inAddress) write(sent);
  });
  return sent;
}

/**
 * A search that is not a list's (the course select's filter): only this screen needs it, so it stays
 * out of the address. One page of `pageSize` matching what is typed.
 */
export function useLocalSearch(pageSize: number) {
  const [search, setSearch] = useState('');
  const request: PageRequest = { page: 1, pageSize, q: useSentSearch(search) };
  return { search, setSearch, request };
}

/** The names of a list's search params: `page`, `q` and `sort`, after the list's prefix. */
export const listParams = (prefix = '') => ({ page: `${prefix}page`, q: `${prefix}q`, sort: `${prefix}sort` });

/** A page number read from the address: a whole number from 1, anything else page 1. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The address's search params and a change to some of them (null removes one), pushed or in place. */
function useParamChange() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace },
    );
  return [params, update] as const;
}

/**
 * The page of a list without a search, kept in the address (`page` after `prefix`): a page chosen
 * pushes a history entry, so Back returns to the page before; a page corrected (a delete emptied the
 * last one) replaces it.
 */
export function usePageParam(pageSize: number, prefix = '') {
  const [params, update] = useParamChange();
  const name = listParams(prefix).page;
  const page = pageFrom(params.get(name));
  const setPage = (next: number, options: { replace?: boolean } = {}) =>
    update({ [name]: next > 1 ? String(next) : null }, options.replace ?? false);
  return { page, pageSize, setPage };
}

type PagedSearchOptions = {
  /** Put before each param's name, so two lists on one screen keep apart (`records-page`). */
  prefix?: string;
  /** The sort when the address names none; it is left out of the address. */
  defaultSort?: string;
};

/**
 * The state of a searchable paged list, kept in the address's search params so a reload, the back
 * button and a shared link show the same page, search and sort. What is typed is shown at once; the
 * search reaches the address (and the server) 300 ms after the last key and replaces the current
 * history entry, so typing adds none. A page or sort change pushes an entry, so Back returns to the
 * page or sort before. Typing sends the list back to page 1, so a narrower search never lands on an empty page.
 */
export function usePagedSearch(pageSize: number, { prefix = '', defaultSort }: PagedSearchOptions = {}) {
  const names = listParams(prefix);
  const [params, update] = useParamChange();
  const { page, setPage } = usePageParam(pageSize, prefix);
  const addressSearch = params.get(names.q) ?? '';
  const sort = params.get(names.sort) ?? defaultSort;
  const [search, setSearchText] = useState(addressSearch);
  const sent = useAddressSearch(search, addressSearch, (text) => update({ [names.q]: text || null }, true));

  // The address changed from outside (Back, a link): the box shows its search. Our own write lands
  // equal to what was sent, and the text typed since is kept.
  const [seenSearch, setSeenSearch] = useState(addressSearch);
  if (addressSearch !== seenSearch) {
    setSeenSearch(addressSearch);
    if (addressSearch !== sent) setSearchText(addressSearch);
  }

  const setSearch = (text: string) => {
    setSearchText(text);
    if (page !== 1) update({ [names.page]: null }, true);
  };
  const setSort = (next: string) => update({ [names.sort]: next === defaultSort ? null : next }, false);

  const request: PageRequest = { page, pageSize, q: addressSearch, ...(sort === undefined ? {} : { sort }) };
  return { search, setSearch, page, pageSize, setPage, sort, setSort, request, searching: addressSearch !== '' };
}
