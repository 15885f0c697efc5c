import { describe, expect, it } from 'vitest';
import { statementNamer } from './named-statements.js';

describe('statementNamer', () => {
  const limits = { names: 2, params: 3 };

  it('names a parameterised statement after its text, the same name each time', () => {
    const name = statementNamer(limits);
    const first = name({ text: 'select $1', rowMode: 'array' }, [1]);
    expect(first).toEqual({ text: 'select $1', rowMode: 'array', name: 'valence_1' });
    expect(name({ text: 'select $1' }, [2])).toMatchObject({ name: 'valence_1' });
    expect(name('select $1 + 1', [2])).toEqual({ text: 'select $1 + 1', name: 'valence_2' });
    expect(name({ text: 'select $1', values: [3] }, undefined)).toMatchObject({ name: 'valence_1' });
  });

  it('leaves alone what it must not keep', () => {
    const name = statementNamer(limits);
    const cursor = { text: 'select $1', submit: () => undefined };
    const named = { text: 'select $1', name: 'mine' };
    const script = { text: 'create table a (id int); create table b (id int)' };
    const bulk = { text: 'insert into a values ($1), ($2), ($3), ($4)' };
    expect(name(cursor, [1])).toBe(cursor);
    expect(name(named, [1])).toBe(named);
    expect(name(script, [])).toBe(script);
    expect(name(script, undefined)).toBe(script);
    expect(name(bulk, [1, 2, 3, 4])).toBe(bulk);
  });

  it('stops naming new texts at the limit, still naming those it knows', () => {
    const name = statementNamer(limits);
    name({ text: 'select $1' }, [1]);
    name({ text: 'select $1 + 1' }, [1]);
    const third = { text: 'select $1 + 2' };
    expect(name(third, [1])).toBe(third);
    expect(name({ text: 'select $1' }, [1])).toMatchObject({ name: 'valence_1' });
  });
});
