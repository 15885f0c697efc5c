import type { Page, PageQuery } from '@valence/contract';

/** What a repository offers for one growing list: a page of rows, and how many match. */
export type PagedSource<T> = {
  page: (window: { limit: number; offset: number }) => Promise<T[]>;
  count: () => Promise<number>;
};

/**
 * A list call's answer: the plain array when no `limit` was given (the call's original shape), else
 * one page with the total. Both come from SQL: the rows of one page, and a count.
 */
export async function pageOrAll<T>(query: PageQuery, source: PagedSource<T>): Promise<T[] | Page<T>> {
  if (query.limit === undefined) return source.page({ limit: Number.MAX_SAFE_INTEGER, offset: query.offset ?? 0 });
  const window = { limit: query.limit, offset: query.offset ?? 0 };
  const [items, total] = await Promise.all([window.limit === 0 ? [] : source.page(window), source.count()]);
  return { items, total, ...window };
}

/** `q` as a case-insensitive "contains" pattern for LIKE, its own % and _ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
