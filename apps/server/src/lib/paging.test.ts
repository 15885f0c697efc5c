import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { contains, containsPattern, pageOrAll } from './paging.js';

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
    expect(page).toHaveBeenCalledWith({ limit: 2, offset: 4 });
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

  it('answers the plain array without the total column when no limit is given', async () => {
    const count = vi.fn(async () => 2);
    expect(await pageOrAll({}, { page: async () => rows(2, 2), count })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(count).not.toHaveBeenCalled();
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
