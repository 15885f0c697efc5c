import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contains } from '../lib/paging.js';
import { useTestDatabase } from '../test/harness.js';
import type { DbOrTx } from './client.js';
import { accounts } from './schema.js';

// Only PostgreSQL keeps statements per connection; CI runs this file on it (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  const database = useTestDatabase();

  type Prepared = { name: string; statement: string };
  const prepared = async (db: DbOrTx) => {
    const result: unknown = await db.execute(sql`select name, statement from pg_prepared_statements`);
    return (result as { rows: Prepared[] }).rows;
  };

  it('parses a parameterised query once per connection and runs it again by name', async () => {
    const { db } = database;
    const find = (tx: DbOrTx, id: number) => tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id));
    // One transaction, one connection: the statements it prepared are the ones it lists.
    const kept = await db.transaction(async (tx) => {
      await find(tx, 1);
      await find(tx, 2);
      return prepared(tx);
    });
    const ours = kept.filter((row) => row.statement.includes('from "accounts" where "accounts"."id" = $1'));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.name).toMatch(/^valence_\d+$/);
  });

  it('answers a two-letter and a longer search alike, each with its own statement', async () => {
    const { db } = database;
    await db.insert(accounts).values([
      { username: 'kamal.perera', passwordHash: 'x', role: 'ROLE_STUDENT' },
      { username: 'nimal.silva', passwordHash: 'x', role: 'ROLE_STUDENT' },
    ]);
    const search = (q: string) =>
      db
        .select({ username: accounts.username })
        .from(accounts)
        .where(contains(accounts.usernameLower, q))
        .then((rows) => rows.map((row) => row.username).sort());
    // More than five runs: PostgreSQL may then switch a named statement to its generic plan.
    for (let i = 0; i < 7; i++) {
      expect(await search('AL')).toEqual(['kamal.perera', 'nimal.silva']);
      expect(await search('pere')).toEqual(['kamal.perera']);
      expect(await search('l.s')).toEqual(['nimal.silva']);
    }
  });
});
