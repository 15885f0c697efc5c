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
  it('keeps near and far reads of one way under statements of their own', () => {
    const built: string[] = [];
    const statement = preparedWindows((db, way: 'none' | 'like', reach) => {
      built.push(`${way} ${reach}`);
      return { db, way, reach };
    });
    const db = handle();
    const firstPage = statement(db, 'none', { limit: 8, offset: 0 });
    expect(firstPage.reach).toBe('near');
    expect(statement(db, 'none', { limit: 8, offset: NEAR_ROWS - 8 })).toBe(firstPage);
    // A streamed list's 500-row page, and a page past the first hundred rows, are far.
    const streamed = statement(db, 'none', { limit: 500, offset: 0 });
    expect(streamed.reach).toBe('far');
    expect(statement(db, 'none', { limit: 8, offset: NEAR_ROWS - 7 })).toBe(streamed);
    expect(statement(db, 'like', { limit: 8, offset: 0 })).not.toBe(firstPage);
    expect(built).toEqual(['none near', 'none far', 'like near']);
  });
});
