import { PGlite, protocol, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/harness.js';
import { pgliteOptions } from './client.js';
import { nameStatementsPglite } from './pglite-named-statements.js';

/** How many times each kept statement of the engine's session has run, by its text. */
async function runsByText(client: PGlite): Promise<Map<string, number>> {
  const { rows } = await client.query<{ statement: string; runs: number }>(
    'select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements',
  );
  return new Map(rows.map((row) => [row.statement, row.runs]));
}

describe('named statements on the embedded engine', () => {
  let client: PGlite;

  beforeAll(async () => {
    const startFrom = await pgliteTemplate();
    client = new PGlite({ ...pgliteOptions(), ...(startFrom ? { loadDataDir: startFrom } : {}) });
    nameStatementsPglite(client, { names: 10, params: 4 });
    await client.exec('create table named_t (id int primary key, label text, at timestamptz)');
  });

  afterAll(async () => {
    await client?.close();
  });

  it('answers as PGlite does, parsing a text once and then only running it', async () => {
    const insert = 'insert into named_t (id, label, at) values ($1, $2, $3) returning id, label, at';
    const at = new Date('2026-11-28T07:30:00Z');
    const first = await client.query(insert, [1, 'one', at]);
    expect(first.rows).toEqual([{ id: 1, label: 'one', at }]);
    expect(first.affectedRows).toBe(1);
    await client.query(insert, [2, null, null]);

    const select = 'select id, label, at from named_t where id >= $1 order by id';
    // drizzle's way: rows as arrays, timestamps left as text.
    const asDrizzle = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    const rows = await client.query(select, [1], asDrizzle);
    expect(rows.rows).toEqual([
      [1, 'one', '2026-11-28 07:30:00+00'],
      [2, null, null],
    ]);
    expect((await client.query(select, [2])).rows).toEqual([{ id: 2, label: null, at: null }]);
    expect(rows.fields.map((field) => field.name)).toEqual(['id', 'label', 'at']);
    // A statement's own parsers are its alone: the next statement without them gets a Date again.
    expect((await client.query(select, [1])).rows[0]).toEqual({ id: 1, label: 'one', at });
    expect(client.parsers[types.TIMESTAMPTZ]?.('2026-11-28 07:30:00+00', types.TIMESTAMPTZ)).toEqual(at);

    const runs = await runsByText(client);
    expect(runs.get(insert)).toBe(2);
    expect(runs.get(select)).toBe(3);
  });

  it('leaves statements without parameters, or with too many, to PGlite', async () => {
    await client.query('select count(*) from named_t');
    await client.query('select $1::int + $2::int + $3::int + $4::int + $5::int', [1, 2, 3, 4, 5]);
    const texts = [...(await runsByText(client)).keys()];
    expect(texts).not.toContain('select count(*) from named_t');
    expect(texts.some((text) => text.includes('$5'))).toBe(false);
  });

  it('reports a failed statement as PGlite does and goes on answering', async () => {
    const insert = 'insert into named_t (id, label) values ($1, $2)';
    await client.query(insert, [10, 'ten']);
    await expect(client.query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('select nope from named_t where id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    expect((await client.query('select label from named_t where id = $1', [10])).rows).toEqual([{ label: 'ten' }]);
  });

  it('runs inside a transaction, whose rollback undoes its statements', async () => {
    const insert = 'insert into named_t (id, label) values ($1, $2)';
    await client
      .transaction(async (tx) => {
        await tx.query(insert, [20, 'twenty']);
        expect((await tx.query('select label from named_t where id = $1', [20])).rows).toEqual([{ label: 'twenty' }]);
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect((await client.query('select label from named_t where id = $1', [20])).rows).toEqual([]);
  });

  it('keeps a statement outside a transaction out of it until it ends', async () => {
    const seen: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into named_t (id, label) values ($1, $2)', [30, 'thirty']);
      await held;
      seen.push('committing');
    });
    // Sent while the transaction is open: it must neither see its row nor run inside it.
    const outside = client.query('select label from named_t where id = $1', [30]).then((answer) => {
      seen.push('read');
      return answer.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
    release();
    await transaction;
    expect(await outside).toEqual([{ label: 'thirty' }]);
    expect(seen).toEqual(['committing', 'read']);
  });

  it('makes its statements again after a DEALLOCATE sent through it (pgDump sends one)', async () => {
    const select = 'select label from named_t where id = $1';
    expect((await client.query(select, [10])).rows).toEqual([{ label: 'ten' }]);
    await client.exec('deallocate all');
    expect((await client.query(select, [10])).rows).toEqual([{ label: 'ten' }]);
    await client.transaction(async (tx) => {
      expect((await tx.query(select, [10])).rows).toEqual([{ label: 'ten' }]);
      await tx.exec('deallocate all');
      expect((await tx.query(select, [10])).rows).toEqual([{ label: 'ten' }]);
    });
    await client.query('discard all');
    expect((await client.query(select, [10])).rows).toEqual([{ label: 'ten' }]);
  });

  it('makes a statement again when the session lost it behind its back', async () => {
    const select = 'select id from named_t where label = $1';
    expect((await client.query(select, ['ten'])).rows).toEqual([{ id: 10 }]);
    await client.runExclusive(() => client.execProtocol(protocol.serialize.query('deallocate all')));
    expect((await client.query(select, ['ten'])).rows).toEqual([{ id: 10 }]);
    expect((await runsByText(client)).get(select)).toBe(1);
  });
});
