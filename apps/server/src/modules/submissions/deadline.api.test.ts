import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { useTestDatabase } from '../../test/harness.js';
import { deadlineOf, deadlineSql, type StudentTiming } from './deadline.js';

/** The deadline rule is written twice, for a row in hand and inside statements: both over the same timings. */
const database = useTestDatabase();

async function sqlDeadline(
  exam: { dueDate: Date; timeLimitMinutes: number | null },
  override: { dueDate: Date | null; extraMinutes: number | null },
  startedAt: Date | null,
) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const result = await database.db.execute(sql`select ${deadlineSql} as deadline from
    (select ${iso(exam.dueDate)}::timestamptz as due_date, ${exam.timeLimitMinutes}::int as time_limit_minutes) e,
    (select ${iso(override.dueDate)}::timestamptz as due_date, ${override.extraMinutes}::int as extra_minutes) o,
    (select ${iso(startedAt)}::timestamptz as started_at) si`);
  const rows = rowsOf<{ deadline: Date | string | null }>(result);
  const value = rows[0]?.deadline ?? null;
  return value === null ? null : new Date(value);
}

describe('deadlineSql and deadlineOf', () => {
  it('agree for untimed and timed exams, started or not, with and without an override', async () => {
    const due = new Date('2026-06-01T10:00:00Z');
    const later = new Date('2026-06-02T10:00:00Z');
    const cases: { limit: number | null; ownDue: Date | null; extra: number | null; started: Date | null }[] = [];
    for (const limit of [null, 60])
      for (const ownDue of [null, later])
        for (const extra of [null, 0, 30])
          for (const started of [null, new Date('2026-06-01T09:30:00Z'), new Date('2026-06-01T08:00:00Z')])
            cases.push({ limit, ownDue, extra, started });
    for (const { limit, ownDue, extra, started } of cases) {
      const timing: StudentTiming = {
        opensAt: null,
        dueDate: ownDue ?? due,
        extraMinutes: extra ?? 0,
        timeLimitMinutes: limit,
        startedAt: started,
      };
      const inSql = await sqlDeadline(
        { dueDate: due, timeLimitMinutes: limit },
        { dueDate: ownDue, extraMinutes: extra },
        started,
      );
      // Unstarted timed: deadlineOf has no deadline yet, the statements fall back to the close.
      expect(inSql?.toISOString(), JSON.stringify({ limit, ownDue, extra, started })).toBe(
        (deadlineOf(timing) ?? timing.dueDate).toISOString(),
      );
    }
  });
});
