import type { Annotation } from '@valence/contract';
import { and, asc, desc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, examScriptCounts, markingClaims, scriptAnnotations, submissions } from '../../db/schema.js';

/**
 * The marking studio's reads across modules: a script's annotations with who saved them, the
 * scripts before and after one in the Submissions list's order (newest first: submitted_at desc,
 * id desc), and the unmarked scripts nobody else holds. The marking module writes its own tables
 * itself; these only read.
 */

/** The script's annotations, when and by whom they were last saved (undefined: never saved). */
export function annotationsWithEditor(
  db: DbOrTx,
  submissionId: number,
): Promise<{ items: Annotation[]; updatedAt: Date; updatedBy: string | null } | undefined> {
  return db
    .select({ items: scriptAnnotations.items, updatedAt: scriptAnnotations.updatedAt, updatedBy: accounts.username })
    .from(scriptAnnotations)
    .leftJoin(accounts, eq(accounts.id, scriptAnnotations.updatedBy))
    .where(eq(scriptAnnotations.submissionId, submissionId))
    .then((rows) => rows[0]);
}

/** The name (else the username) of the staff member who changed a script last; null when unknown. */
export function nameOfStaff(db: DbOrTx, accountId: number | null): Promise<string | null> {
  if (accountId === null) return Promise.resolve(null);
  return db
    .select({ name: sql<string>`coalesce(nullif(trim(${accounts.name}), ''), ${accounts.username})` })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .then((rows) => rows[0]?.name ?? null);
}

/** The script's place in the list, as a row to compare with: (submitted_at, id), or null when unknown. */
const placeOf = (examId: number, id: number) =>
  sql`(select p.submitted_at, p.id from ${submissions} p where p.id = ${id}::int and p.exam_id = ${examId}::int)`;
const place = sql`(${submissions.submittedAt}, ${submissions.id})`;

/** The scripts just before (newer) and just after (older) this one in the list. */
export async function neighbours(db: DbOrTx, examId: number, id: number) {
  const one = (where: SQL, order: SQL[]) =>
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.examId, examId), where))
      .orderBy(...order)
      .limit(1)
      .then((rows) => rows[0]?.id ?? null);
  const [previousId, nextId] = await Promise.all([
    one(sql`${place} > ${placeOf(examId, id)}`, [asc(submissions.submittedAt), asc(submissions.id)]),
    one(sql`${place} < ${placeOf(examId, id)}`, [desc(submissions.submittedAt), desc(submissions.id)]),
  ]);
  return { previousId, nextId };
}

/**
 * The first unmarked script in list order after `after` (from the top when it is not the exam's),
 * wrapping round to the top, that no other tutor holds: unclaimed, its claim expired, or held by
 * this tutor already. Without `after`, the script this tutor holds, else the first from the top.
 */
export function nextUnmarked(db: DbOrTx, examId: number, staffId: number, after?: number): Promise<number | null> {
  // Those after `after` first (a row comparison with no such script is null: none are); without
  // it, the script the tutor already holds (they came back to the studio) before any other.
  const first = after
    ? sql`coalesce(${place} < ${placeOf(examId, after)}, false) desc`
    : sql`coalesce(${markingClaims.staffId} = ${staffId} and ${markingClaims.expiresAt} > now(), false) desc`;
  const order = [first, desc(submissions.submittedAt), desc(submissions.id)];
  return db
    .select({ id: submissions.id })
    .from(submissions)
    .leftJoin(markingClaims, eq(markingClaims.submissionId, submissions.id))
    .where(
      and(
        eq(submissions.examId, examId),
        isNull(submissions.traditionalScore),
        or(
          isNull(markingClaims.submissionId),
          lte(markingClaims.expiresAt, sql`now()`),
          eq(markingClaims.staffId, staffId),
        ),
      ),
    )
    .orderBy(...order)
    .limit(1)
    .then((rows) => rows[0]?.id ?? null);
}

/**
 * Scripts handed in to the exam, and how many of them have a score: from the counts kept beside the
 * exam (exam_script_counts, moved by a trigger at each change's commit), not a count of the class.
 */
export function progress(db: DbOrTx, examId: number): Promise<{ total: number; marked: number }> {
  return db
    .select({
      total: sql<number>`coalesce(sum(${examScriptCounts.submitted}), 0)`.mapWith(Number),
      marked: sql<number>`coalesce(sum(${examScriptCounts.submitted} - ${examScriptCounts.unmarked}), 0)`.mapWith(
        Number,
      ),
    })
    .from(examScriptCounts)
    .where(eq(examScriptCounts.examId, examId))
    .then((rows) => rows[0] ?? { total: 0, marked: 0 });
}
