import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countOf, countRows, lockRow, selectCount } from '../../db/rows.js';
import { exams, submissionAnswers, submissions } from '../../db/schema.js';
import { contains, totalColumn } from '../../lib/paging.js';

export type ExamRow = typeof exams.$inferSelect;
export type ExamWithCounts = ExamRow & { submissionCount: number; unmarkedCount: number };

/** A namespace for the identifier locks, apart from the migration lock's single-key space. */
const IDENTIFIER_LOCK_SPACE = 727_002;

// Written out qualified: drizzle leaves columns unqualified in a one-table select, and an unqualified
// "id" inside the subquery would be the submission's.
const submissionCount = () =>
  sql<number>`(select count(*) from ${submissions} where ${submissions}.exam_id = ${exams}.id)`.mapWith(Number);

/** PART II scripts without a score; an MCQ exam's submissions are marked when they come. */
const unmarkedCount = () =>
  sql<number>`(case when ${exams}.exam_type = 'TRADITIONAL' then (select count(*) from ${submissions} where ${submissions}.exam_id = ${exams}.id and ${submissions}.traditional_score is null) else 0 end)`.mapWith(
    Number,
  );

const withCounts = { ...getTableColumns(exams), submissionCount: submissionCount(), unmarkedCount: unmarkedCount() };

/** The course's exams, those whose title or description contains `q` (any case) when given. */
function ofCourse(courseId: number, q: string | undefined) {
  return and(
    eq(exams.courseId, courseId),
    q ? or(contains(sql`lower(${exams.title})`, q), contains(sql`lower(${exams.description})`, q)) : undefined,
  );
}

/** Newest first, with their submission counts. */
export function listExams(db: DbOrTx, courseId: number, q: string | undefined): Promise<ExamWithCounts[]> {
  return db.select(withCounts).from(exams).where(ofCourse(courseId, q)).orderBy(desc(exams.createdAt), desc(exams.id));
}

/** One page of the course's identifiers having a matching exam, the group with the newest exam first. */
export function groupPage(
  db: DbOrTx,
  courseId: number,
  q: string | undefined,
  window: { limit: number; offset: number },
) {
  return db
    .select({ identifier: exams.examIdentifier, total: totalColumn() })
    .from(exams)
    .where(ofCourse(courseId, q))
    .groupBy(exams.examIdentifier)
    .orderBy(desc(sql`max(${exams.createdAt})`), desc(sql`max(${exams.id})`))
    .limit(window.limit)
    .offset(window.offset);
}

export function countGroups(db: DbOrTx, courseId: number, q: string | undefined): Promise<number> {
  return db
    .select({ count: sql<number>`count(distinct ${exams.examIdentifier})`.mapWith(Number) })
    .from(exams)
    .where(ofCourse(courseId, q))
    .then((rows) => rows[0]?.count ?? 0);
}

/** Every exam of the course under these identifiers, newest first. */
export function examsOfGroups(db: DbOrTx, courseId: number, identifiers: string[]): Promise<ExamWithCounts[]> {
  return db
    .select(withCounts)
    .from(exams)
    .where(and(eq(exams.courseId, courseId), inArray(exams.examIdentifier, identifiers)))
    .orderBy(desc(exams.createdAt), desc(exams.id));
}

/** The exam row alone: what other modules ask on every submit, grade and list, without counting scripts. */
export function findExamRow(db: DbOrTx, id: number): Promise<ExamRow | undefined> {
  return db
    .select()
    .from(exams)
    .where(eq(exams.id, id))
    .then((rows) => rows[0]);
}

/** The exam's identifier, or null for no such exam: a subquery for another module's statement. */
export function identifierOf(id: number): SQL<string | null> {
  return sql<string | null>`(select ${exams.examIdentifier} from ${exams} where ${exams.id} = ${id})`;
}

export function findExam(db: DbOrTx, id: number): Promise<ExamWithCounts | undefined> {
  return db
    .select(withCounts)
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

/** Published exams whose content is still there, of these courses, soonest due first. */
export function publishedOfCourses(db: DbOrTx, courseIds: number[]): Promise<ExamRow[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(exams)
    .where(and(inArray(exams.courseId, courseIds), eq(exams.published, true), eq(exams.contentDeleted, false)))
    .orderBy(asc(exams.dueDate), asc(exams.id));
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
  values: Partial<Pick<ExamRow, 'published' | 'gradesPublished' | 'contentDeleted' | 'paperKey'>>,
) {
  return tx.update(exams).set(values).where(eq(exams.id, id));
}

/** Scripts of an exam (`unmarked`: those without a PART II score yet), or of a student. */
export function countSubmissions(db: DbOrTx, of: { examId: number; unmarked?: boolean } | { studentId: number }) {
  if ('studentId' in of) return countRows(db, submissions, eq(submissions.studentId, of.studentId));
  const unmarked = of.unmarked ? isNull(submissions.traditionalScore) : undefined;
  return countRows(db, submissions, and(eq(submissions.examId, of.examId), unmarked));
}

/** Which of these questions some student has answered. */
export async function answeredAmong(db: DbOrTx, questionIds: number[]): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: submissionAnswers.questionId })
    .from(submissionAnswers)
    .where(inArray(submissionAnswers.questionId, questionIds));
  return new Set(rows.map((row) => row.id));
}

export function countSubmissionsOfCourse(db: DbOrTx, courseId: number) {
  return countOf(
    selectCount(db, submissions).innerJoin(exams, eq(exams.id, submissions.examId)).where(eq(exams.courseId, courseId)),
  );
}

/** The course's exams: their ids and paper keys. */
export function examsOfCourse(db: DbOrTx, courseId: number) {
  return db.select({ id: exams.id, paperKey: exams.paperKey }).from(exams).where(eq(exams.courseId, courseId));
}

/** Questions and their options go with their exam (cascade); submissions must be gone already. */
export function deleteExamsOfCourse(db: DbOrTx, courseId: number) {
  return db.delete(exams).where(eq(exams.courseId, courseId));
}
