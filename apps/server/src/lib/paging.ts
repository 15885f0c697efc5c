import type { Page, PageQuery } from '@valence/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Selected beside a page's columns: how many rows match the whole query, counted in the same
 * statement, so one page costs one query instead of two.
 */
export const totalColumn = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The same total as a subquery PostgreSQL runs once beside the page (`count` is a select of one
 * `count(*)` column). Better than `totalColumn` when the page can stop early on an index (a search
 * ordered by id, the newest scripts) while the count has an index of its own: the window would
 * make the page read every match.
 */
export const totalOf = (count: SQLWrapper) => sql<number>`(${count})`.mapWith(Number);

/** What a repository offers for one growing list: a page of rows, and a count. */
export type PagedSource<T> = {
  /** Rows may carry the total (`totalColumn`, `totalOf`); a list that counts separately leaves it out. */
  page: (window: { limit: number; offset: number }) => Promise<(T & { total?: number })[]>;
  /** Asked when no row carries the total: a list that counts separately, an empty page, `limit=0`. */
  count: () => Promise<number>;
};

const withoutTotal = <T>({ total: _total, ...item }: T & { total?: number }): T => item as T;

/**
 * A list call's answer: the plain array when no `limit` was given (the call's original shape), else
 * one page with the total.
 */
export async function pageOrAll<T>(query: PageQuery, source: PagedSource<T>): Promise<T[] | Page<T>> {
  if (query.limit === undefined) {
    return (await source.page({ limit: Number.MAX_SAFE_INTEGER, offset: query.offset ?? 0 })).map(withoutTotal);
  }
  const window = { limit: query.limit, offset: query.offset ?? 0 };
  const rows = window.limit === 0 ? [] : await source.page(window);
  const total = rows[0]?.total ?? (await source.count());
  return { items: rows.map(withoutTotal), total, ...window };
}

/** `q` as a case-insensitive "contains" pattern for LIKE, its own % and _ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Shorter searches have no trigram for an index to look up. */
export const TRIGRAM = 3;

/**
 * `lowered` (a lower-case column or expression) contains `q`, any case. A trigram index answers a
 * LIKE of three letters or more; a shorter `q` must read every row whatever the plan, and is written
 * with strpos so that its statement (named: db/named-statements.ts) keeps a plan of its own rather
 * than one made for the index, which would walk the whole index for it.
 */
export function contains(lowered: SQLWrapper, q: string): SQL {
  return [...q].length >= TRIGRAM
    ? sql`${lowered} like ${containsPattern(q)}`
    : sql`strpos(${lowered}, ${q.toLowerCase()}) > 0`;
}
