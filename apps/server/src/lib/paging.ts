import { Readable } from 'node:stream';
import { type Page, type PageQuery, SEARCH_COUNT_STEP } from '@valence/contract';
import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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

/**
 * The rows a page asks for, and how far a capped count goes (`countLimit`: a count that stops at
 * `countLimit + 1` rows has seen more than `countLimit`).
 */
export type PageWindow = { limit: number; offset: number; countLimit: number };

/**
 * Where a capped count stops: the next multiple of SEARCH_COUNT_STEP past the page's end, so every
 * page up to it has an exact place and the pager can always offer the page after.
 */
export function countLimitOf(window: { limit: number; offset: number }): number {
  return (Math.floor((window.offset + window.limit) / SEARCH_COUNT_STEP) + 1) * SEARCH_COUNT_STEP;
}

/** What a repository offers for one growing list: a page of rows, and a count. */
export type PagedSource<T> = {
  /** Rows may carry the total (`totalColumn`, `totalOf`); a list that counts separately leaves it out. */
  page: (window: PageWindow) => Promise<(T & { total?: number })[]>;
  /** Asked when no row carries the total: a list that counts separately, an empty page, `limit=0`. */
  count: (window: PageWindow) => Promise<number>;
  /**
   * True when page and count stop counting at `window.countLimit + 1` rows: a total above the
   * limit is then answered as the limit with `totalCapped`.
   */
  capped?: boolean;
};

const withoutTotal = <T>({ total: _total, ...item }: T & { total?: number }): T => item as T;

/** Rows an unpaged list reads and sends at a time. */
export const STREAM_PAGE_ROWS = 500;

/**
 * The whole of an unpaged list (the spec's plain-array answer), read a page at a time and sent as
 * it is read: 20,000 students never become one 2 MB string, and each page is its own short query,
 * so other requests run between pages instead of waiting behind the list. Pages are taken by
 * offset without a transaction (a transaction would hold the embedded store's one connection for
 * the whole send), so a row added or removed while the list is being sent may shift a page by one.
 */
export class StreamedList<T> {
  constructor(
    /** Read before the answer starts, so a caller can still answer 404 for an empty list. */
    readonly firstPage: T[],
    private readonly pageAt: (offset: number) => Promise<T[]>,
    private readonly start: number,
    private readonly pageRows: number,
  ) {}

  /** The same list with each page turned into what is sent (a presenter that signs links, say). */
  async mapPages<U>(present: (rows: T[]) => Promise<U[]>): Promise<StreamedList<U>> {
    const pageAt = this.pageAt;
    return new StreamedList(
      await present(this.firstPage),
      async (offset) => present(await pageAt(offset)),
      this.start,
      this.pageRows,
    );
  }

  /** Every row, read page by page (a report drawn from the whole list). */
  async readAll(): Promise<T[]> {
    const rows = [...this.firstPage];
    let page = this.firstPage;
    let offset = this.start;
    while (page.length >= this.pageRows) {
      offset += this.pageRows;
      page = await this.pageAt(offset);
      rows.push(...page);
    }
    return rows;
  }

  /** The list as JSON text: `[`, its rows as they are read, `]`. */
  toStream(): Readable {
    const { firstPage, pageAt, start, pageRows } = this;
    return Readable.from(
      (async function* () {
        yield '[';
        let page = firstPage;
        let offset = start;
        let separator = '';
        for (;;) {
          let chunk = '';
          for (const row of page) {
            chunk += separator + JSON.stringify(row);
            separator = ',';
          }
          if (chunk) yield chunk;
          if (page.length < pageRows) break;
          offset += pageRows;
          page = await pageAt(offset);
        }
        yield ']';
      })(),
      { objectMode: false },
    );
  }
}

/**
 * A list call's answer: the whole list streamed when no `limit` was given (the call's original
 * shape, a plain array), else one page with the total.
 */
export async function pageOrAll<T>(
  query: PageQuery,
  source: PagedSource<T>,
  pageRows = STREAM_PAGE_ROWS,
): Promise<StreamedList<T> | Page<T>> {
  if (query.limit === undefined) {
    const pageAt = async (offset: number) => {
      const window = { limit: pageRows, offset };
      return (await source.page({ ...window, countLimit: countLimitOf(window) })).map(withoutTotal);
    };
    const start = query.offset ?? 0;
    return new StreamedList(await pageAt(start), pageAt, start, pageRows);
  }
  const window = { limit: query.limit, offset: query.offset ?? 0 };
  const asked = { ...window, countLimit: countLimitOf(window) };
  const rows = window.limit === 0 ? [] : await source.page(asked);
  const total = rows[0]?.total ?? (await source.count(asked));
  if (source.capped && total > asked.countLimit) {
    return { items: rows.map(withoutTotal), total: asked.countLimit, totalCapped: true, ...window };
  }
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
  return containsWay(lowered, searchWay(q), sql.param(searchValue(q))) ?? sql`true`;
}

/**
 * How `contains` writes a search for `q` (`none` without one): a prepared statement (db/prepared.ts)
 * is one text, so a list that is prepared keeps one statement per way.
 */
export type SearchWay = 'none' | 'like' | 'strpos';

export function searchWay(q: string | undefined): SearchWay {
  if (!q) return 'none';
  return [...q].length >= TRIGRAM ? 'like' : 'strpos';
}

/** The value `containsWay`'s placeholder takes for `q`. */
export function searchValue(q: string | undefined): string {
  if (!q) return '';
  return searchWay(q) === 'like' ? containsPattern(q) : q.toLowerCase();
}

/** `contains` written `way`, its value given apart: a placeholder in a prepared statement (see `searchValue`). */
export function containsWay(lowered: SQLWrapper, way: SearchWay, value: Placeholder | SQLWrapper): SQL | undefined {
  if (way === 'none') return undefined;
  return way === 'like' ? sql`${lowered} like ${value}` : sql`strpos(${lowered}, ${value}) > 0`;
}
