import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { contains, containsPattern, countLimitOf, pageOrAll, StreamedList } from './paging.js';

const rows = (n: number, total: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, total }));

describe('pageOrAll', () => {
  it('takes the total from the page query itself, asking for no count', async () => {
    const count = vi.fn(async () => 99);
    const page = vi.fn(async () => rows(2, 7));
    expect(await pageOrAll({ limit: 2, offset: 4 }, { page, count })).toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 7,
      limit: 2,
      offset: 4,
    });
    expect(page).toHaveBeenCalledWith({ limit: 2, offset: 4, countLimit: 100 });
    expect(count).not.toHaveBeenCalled();
  });

  it('counts when the page is empty (past the end) and when limit is 0, where no row carries the total', async () => {
    const count = vi.fn(async () => 3);
    const page = vi.fn(async () => []);
    expect(await pageOrAll({ limit: 5, offset: 10 }, { page, count })).toMatchObject({ items: [], total: 3 });
    expect(await pageOrAll({ limit: 0 }, { page, count })).toEqual({ items: [], total: 3, limit: 0, offset: 0 });
    expect(page).toHaveBeenCalledTimes(1);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('stops a capped count at the next hundred past the page: more is answered as that hundred and totalCapped', async () => {
    expect([0, 94, 99, 100, 194, 250].map((offset) => countLimitOf({ limit: 6, offset }))).toEqual([
      100, 200, 200, 200, 300, 300,
    ]);
    expect(countLimitOf({ limit: 0, offset: 0 })).toBe(100);
    // A count that stops at countLimit + 1 rows has seen more than countLimit.
    const stopping = (matches: number) => async (window: { countLimit: number }) =>
      Math.min(matches, window.countLimit + 1);
    const source = (matches: number) => ({
      page: async (window: { limit: number; offset: number; countLimit: number }) =>
        rows(Math.max(0, Math.min(window.limit, matches - window.offset)), await stopping(matches)(window)),
      count: stopping(matches),
      capped: true,
    });
    expect(await pageOrAll({ limit: 6 }, source(1388))).toMatchObject({ total: 100, totalCapped: true });
    expect(await pageOrAll({ limit: 6, offset: 96 }, source(1388))).toMatchObject({ total: 200, totalCapped: true });
    expect(await pageOrAll({ limit: 0 }, source(1388))).toEqual({
      items: [],
      total: 100,
      totalCapped: true,
      limit: 0,
      offset: 0,
    });
    // Exact up to the limit itself, and past the end of the matches.
    expect(await pageOrAll({ limit: 6 }, source(100))).toEqual({
      items: rows(6, 0).map(({ id }) => ({ id })),
      total: 100,
      limit: 6,
      offset: 0,
    });
    expect(await pageOrAll({ limit: 6, offset: 120 }, source(101))).toEqual({
      items: [],
      total: 101,
      limit: 6,
      offset: 120,
    });
    // A source that counts everything keeps its total whatever its size.
    expect(
      await pageOrAll(
        { limit: 6 },
        { ...source(1388), capped: false, count: async () => 1388, page: async () => rows(6, 1388) },
      ),
    ).toMatchObject({ total: 1388 });
    expect(
      (await pageOrAll({ limit: 6 }, { page: async () => rows(6, 1388), count: async () => 1388 })) as object,
    ).not.toHaveProperty('totalCapped');
  });

  it('streams the whole list as one JSON array, a page at a time, without the total column', async () => {
    const all = rows(7, 7);
    const page = vi.fn(async ({ limit, offset }: { limit: number; offset: number }) =>
      all.slice(offset, offset + limit),
    );
    const count = vi.fn(async () => 7);
    const answer = await pageOrAll({}, { page, count }, 3);
    if (!(answer instanceof StreamedList)) throw new Error('expected the whole list');
    expect(answer.firstPage).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(JSON.parse(await text(answer.toStream()))).toEqual(all.map(({ id }) => ({ id })));
    // 0–2, 3–5, 6 (short: the end), read as the stream is consumed; never counted.
    expect(page.mock.calls.map(([window]) => window.offset)).toEqual([0, 3, 6]);
    expect(count).not.toHaveBeenCalled();
  });

  it('asks one more page when the last one is exactly full, and sends [] for an empty list', async () => {
    const all = rows(4, 4);
    const page = vi.fn(async ({ limit, offset }: { limit: number; offset: number }) =>
      all.slice(offset, offset + limit),
    );
    const answer = await pageOrAll({ offset: 2 }, { page, count: async () => 4 }, 2);
    if (!(answer instanceof StreamedList)) throw new Error('expected the whole list');
    expect(JSON.parse(await text(answer.toStream()))).toEqual([{ id: 3 }, { id: 4 }]);
    expect(page.mock.calls.map(([window]) => window.offset)).toEqual([2, 4]);

    const empty = await pageOrAll({}, { page: async () => [], count: async () => 0 });
    if (!(empty instanceof StreamedList)) throw new Error('expected the whole list');
    expect(await text(empty.toStream())).toBe('[]');
  });

  it('presents every page, the first before the answer starts', async () => {
    const all = rows(5, 5);
    const answer = await pageOrAll(
      {},
      { page: async (w) => all.slice(w.offset, w.offset + w.limit), count: async () => 5 },
      2,
    );
    if (!(answer instanceof StreamedList)) throw new Error('expected the whole list');
    const presented = await answer.mapPages(async (items) => items.map(({ id }) => ({ label: `#${id}` })));
    expect(presented.firstPage).toEqual([{ label: '#1' }, { label: '#2' }]);
    expect(JSON.parse(await text(presented.toStream()))).toEqual([1, 2, 3, 4, 5].map((id) => ({ label: `#${id}` })));
  });
});

describe('containsPattern', () => {
  it('lowers the text and takes LIKE wildcards literally', () => {
    expect(containsPattern('Ka%_\\')).toBe('%ka\\%\\_\\\\%');
  });
});

describe('contains', () => {
  const render = (q: string) => {
    const { sql: text, params } = new PgDialect().sqlToQuery(contains(sql`name_lower`, q));
    return { sql: text, params };
  };

  it('asks LIKE (which a trigram index answers) from three letters on', () => {
    expect(render('Pér%')).toEqual({ sql: 'name_lower like $1', params: ['%pér\\%%'] });
  });

  it('asks strpos for one or two letters, taking the text as it is', () => {
    expect(render('Ka')).toEqual({ sql: 'strpos(name_lower, $1) > 0', params: ['ka'] });
    expect(render('_')).toEqual({ sql: 'strpos(name_lower, $1) > 0', params: ['_'] });
  });
});
