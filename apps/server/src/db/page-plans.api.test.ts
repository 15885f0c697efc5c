import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';
import { accounts } from './schema.js';

const t = useTestApp();

type PreparedRow = { statement: string; generic_plans: number; custom_plans: number };

// pg_prepared_statements lists the statements of the asking connection only: the embedded store has
// one; a PostgreSQL pool would answer for whichever connection it lent.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('pages and whole lists under separate statements', () => {
  it('runs a screen’s page and the unpaged list of the same course under statements of their own', async () => {
    const tutor = await t.login('ROLE_ADMIN', 'plans.tutor');
    const course = (await t.createCourse(tutor.headers, 'Plans')).id;
    await t.database.db.insert(accounts).values(
      Array.from({ length: 12 }, (_, i) => ({
        username: `plans.s${i}`,
        passwordHash: 'x',
        role: 'ROLE_STUDENT' as const,
      })),
    );
    await t.call('POST', '/api/enrollments/bulk', tutor.headers, { courseId: course, allUnassigned: {} });

    for (let i = 0; i < 6; i++) {
      const whole = await t.call('GET', `/api/enrollments/course/${course}`, tutor.headers);
      expect(whole.json().length).toBeGreaterThanOrEqual(12);
      const page = await t.call('GET', `/api/enrollments/course/${course}?limit=8&offset=0`, tutor.headers);
      expect(page.json().items).toHaveLength(8);
    }
    // The embedded store names statements by their text, so its two enrolment pages are two texts.
    const result = await t.database.db.execute(
      sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement like '%from "enrollments" inner join "courses"%order by lower(%'`,
    );
    const rows = (result as unknown as { rows: PreparedRow[] }).rows;
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.statement.includes('and true'))).toHaveLength(1);
    // Each ran six times, and only its own executions shaped its plans.
    for (const row of rows) expect(row.generic_plans + row.custom_plans).toBe(6);
  });
});
