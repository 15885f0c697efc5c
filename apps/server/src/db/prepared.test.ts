import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client.js';
import { preparedPer, preparedWays } from './prepared.js';

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
