import { combinedTotalScore, OVERALL_STATUSES, overallStatusOf } from '@valence/contract';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { useTestDatabase } from '../../test/harness.js';
import { statusRankSql, totalSql } from './reads.js';

/** The gradebook sorts by SQL written beside the contract's rules: both are run over the same marks (scores are double precision, as stored). */
const database = useTestDatabase();

async function valuesOf(expression: SQL, k: Record<string, number | null>): Promise<unknown> {
  const result = await database.db.execute(sql`select ${expression} as value from (select
    ${k.mcq}::double precision as mcq, ${k.partTwo}::double precision as part_two,
    ${k.scripts}::int as scripts, ${k.marked}::int as marked) k`);
  const rows = rowsOf<{ value: unknown }>(result);
  return rows[0]?.value;
}

describe('the gradebook SQL and the contract rules', () => {
  it('give the same combined total', async () => {
    const marks = [null, 0, 12.5, 33.33, 50];
    for (const mcq of marks)
      for (const partTwo of [null, 0, 33.33, 72.5, 100]) {
        const value = await valuesOf(totalSql, { mcq, partTwo, scripts: 1, marked: 1 });
        expect(value === null ? null : Number(value), `${mcq} + ${partTwo}`).toBe(combinedTotalScore(mcq, partTwo));
      }
  });

  it('rank the overall status as the contract orders its words', async () => {
    for (const parts of [1, 2])
      for (let scripts = 0; scripts <= parts; scripts++)
        for (let marked = 0; marked <= scripts; marked++) {
          const rank = Number(await valuesOf(statusRankSql(parts), { mcq: null, partTwo: null, scripts, marked }));
          expect(OVERALL_STATUSES[rank], `${parts} parts, ${scripts} handed in, ${marked} marked`).toBe(
            overallStatusOf(parts, scripts > 0, marked),
          );
        }
  });
});
