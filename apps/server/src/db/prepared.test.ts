import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client.js';
import { NEAR_ROWS, preparedPer, preparedWays, preparedWindows } from './prepared.js';

const handle = () => ({}) as unknown as DbOrTx;

describe('preparedPer', () => {
  it('builds a statement once per database handle and hands the same one back', () => {
    const built: DbOrTx[] = [];
    const statement = preparedPer((db) => {
      built.push(db);
      return { db };
    });
    const first = handle();
    const second = handle();
    const a = statement(first);
    expect(statement(first)).toBe(a);
    const b = statement(second);
    expect(b).not.toBe(a);
    expect(b.db).toBe(second);
    expect(statement(second)).toBe(b);
    expect(built).toEqual([first, second]);
  });
});

describe('preparedWays', () => {
  it('builds a statement once per handle and way', () => {
    const built: string[] = [];
    const statement = preparedWays((db, way: 'none' | 'like') => {
      built.push(way);
      return { db, way };
    });
    const first = handle();
    const none = statement(first, 'none');
    const like = statement(first, 'like');
    expect(like).not.toBe(none);
    expect(like.way).toBe('like');
    expect(statement(first, 'none')).toBe(none);
    expect(statement(first, 'like')).toBe(like);
    const other = statement(handle(), 'like');
    expect(other).not.toBe(like);
    expect(built).toEqual(['none', 'like', 'like']);
  });
});

describe('preparedWindows', () => {
  /** A query as drizzle gives it before `prepare`: its text, and what preparing it under a name gives. */
  const query = (text: string, built: string[]) => ({
    toSQL: () => ({ sql: text }),
    prepare: (name: string) => {
      built.push(name);
      return { name };
    },
  });

  it('keeps near and far reads of one way under statements of their own, named by way and reach', () => {
    const built: string[] = [];
    const statement = preparedWindows('page', (_db, way: 'none' | 'like', reach) =>
      query(`select ${way}${reach === 'far' ? ' and true' : ''}`, built),
    );
    const db = handle();
    const firstPage = statement(db, 'none', { limit: 8, offset: 0 });
    expect(firstPage.name).toBe('page_none_near');
    expect(statement(db, 'none', { limit: 8, offset: NEAR_ROWS - 8 })).toBe(firstPage);
    // A streamed list's 500-row page, and a page past the first hundred rows, are far.
    const streamed = statement(db, 'none', { limit: 500, offset: 0 });
    expect(streamed.name).toBe('page_none_far');
    expect(statement(db, 'none', { limit: 8, offset: NEAR_ROWS - 7 })).toBe(streamed);
    expect(statement(db, 'like', { limit: 8, offset: 0 })).not.toBe(firstPage);
    expect(built).toEqual(['page_none_near', 'page_none_far', 'page_like_near']);
  });

  it('refuses a builder whose near and far pages come out as one text (reachCondition forgotten)', () => {
    const built: string[] = [];
    const statement = preparedWindows('page', (_db, way: 'none', _reach) => query(`select ${way}`, built));
    expect(() => statement(handle(), 'none', { limit: 8, offset: 0 })).toThrow(
      'page, none: near and far pages are one text; write the condition with reachCondition.',
    );
    expect(built).toEqual([]);
  });
});
