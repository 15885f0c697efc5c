import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client.js';
import { preparedPer } from './prepared.js';

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
