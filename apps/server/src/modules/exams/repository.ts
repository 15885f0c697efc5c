import { and, desc, eq, ne, or, type Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type Reach, reachCondition } from '../../db/prepared.js';
import { countRows, lockRow } from '../../db/rows.js';
import { exams } from '../../db/schema.js';
import { containsWay, type SearchWay, searchValue, searchWay, totalColumn } from '../../lib/paging.js';

export type ExamRow = typeof exams.$inferSelect;

/** A namespace for the identifier locks, apart from the migration lock's single-key space. */
const IDENTIFIER_LOCK_SPACE = 727_002;

/**
 * The course's exams whose title or description contains the search, written `way` (any case): its
 * values given for a statement built per call (`ofCourse`), or placeholders for a prepared one.
 */
function ofCourseWay(courseId: number | Placeholder, way: SearchWay, q: Placeholder | SQLWrapper) {
  return and(
    eq(exams.courseId, courseId),
    way === 'none'
      ? undefined
      : or(containsWay(sql`lower(${exams.title})`, way, q), containsWay(sql`lower(${exams.description})`, way, q)),
  );
}

/** The course's exams, those whose title or description contains `q` (any case) when given. */
export function ofCourse(courseId: number, q: string | undefined) {
  return ofCourseWay(courseId, searchWay(q), sql.param(searchValue(q)));
}

/**
 * A page of a course's identifiers having a matching exam, the group with the newest exam first:
 * a subquery for the exam groups' statement (reads-activity.ts, `examGroupPages`), with
 * placeholders `courseId`, `q`, `limit`, `offset`. Each row has the identifier, the number of groups
 * in all (`total`) and its newest exam's time and id (`newest`, `newestId`), by which the page is ordered.
 */
export function groupWindow(db: DbOrTx, way: SearchWay, reach: Reach) {
  return db
    .select({
      identifier: exams.examIdentifier,
      total: totalColumn().as('total'),
      newest: sql<Date>`max(${exams.createdAt})`.as('newest'),
      newestId: sql<number>`max(${exams.id})`.as('newest_id'),
    })
    .from(exams)
    .where(reachCondition(ofCourseWay(sql.placeholder('courseId'), way, sql.placeholder('q')), reach))
    .groupBy(exams.examIdentifier)
    .orderBy(desc(sql`max(${exams.createdAt})`), desc(sql`max(${exams.id})`))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** Asked only when a page has no row to carry the total (past the end, `limit=0`). */
export function countGroups(db: DbOrTx, courseId: number, q: string | undefined): Promise<number> {
  return db
    .select({ count: sql<number>`count(distinct ${exams.examIdentifier})`.mapWith(Number) })
    .from(exams)
    .where(ofCourse(courseId, q))
    .then((rows) => rows[0]?.count ?? 0);
}

/** The exam row alone: what other modules ask on every submit, grade and list, without counting scripts. */
export function findExamRow(db: DbOrTx, id: number): Promise<ExamRow | undefined> {
  return db
    .select()
    .from(exams)
    .where(eq(exams.id, id))
    .then((rows) => rows[0]);
}

/**
 * The exam row, locked until the transaction ends: `update`, its state changes one request at a
 * time; `share`, many may read it at once and a change to the exam waits for them.
 */
export function lockExam(tx: DbOrTx, id: number, mode: 'update' | 'share' = 'update') {
  return lockRow(tx, exams, eq(exams.id, id), mode);
}

/** Creating an exam under an identifier waits for any other doing the same, in any course. */
export async function lockIdentifier(tx: DbOrTx, identifier: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IDENTIFIER_LOCK_SPACE}, hashtext(${identifier}))`);
}

/** A live exam (content not deleted) of another course under this identifier: that course's id. */
export function courseUsingIdentifier(tx: DbOrTx, identifier: string, courseId: number) {
  return tx
    .select({ courseId: exams.courseId })
    .from(exams)
    .where(and(eq(exams.examIdentifier, identifier), ne(exams.courseId, courseId), eq(exams.contentDeleted, false)))
    .limit(1)
    .then((rows) => rows[0]?.courseId);
}

export function hasLiveExam(tx: DbOrTx, courseId: number, identifier: string, type: ExamRow['examType']) {
  const where = and(
    eq(exams.courseId, courseId),
    eq(exams.examIdentifier, identifier),
    eq(exams.examType, type),
    eq(exams.contentDeleted, false),
  );
  return countRows(tx, exams, where).then((count) => count > 0);
}

export function insertExam(tx: DbOrTx, values: typeof exams.$inferInsert): Promise<ExamRow> {
  return tx
    .insert(exams)
    .values(values)
    .returning()
    .then((rows) => rows[0] as ExamRow);
}

export function updateExam(
  tx: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      ExamRow,
      | 'published'
      | 'gradesPublished'
      | 'contentDeleted'
      | 'paperKey'
      | 'markScheme'
      | 'commentBank'
      | 'title'
      | 'description'
      | 'dueDate'
      | 'opensAt'
      | 'timeLimitMinutes'
      | 'shuffleQuestions'
      | 'shuffleOptions'
      | 'questionsPerStudent'
      | 'reviewAfter'
    >
  >,
) {
  return tx.update(exams).set(values).where(eq(exams.id, id));
}

/** The course's exams: their ids and paper keys. */
export function examsOfCourse(db: DbOrTx, courseId: number) {
  return db.select({ id: exams.id, paperKey: exams.paperKey }).from(exams).where(eq(exams.courseId, courseId));
}

/** Questions and their options go with their exam (cascade); submissions must be gone already. */
export function deleteExamsOfCourse(db: DbOrTx, courseId: number) {
  return db.delete(exams).where(eq(exams.courseId, courseId));
}
