import { desc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { courses, enrollments, exams, mcqQuestions, resources, submissions } from '../../db/schema.js';
import { containsPattern, totalColumn } from '../../lib/paging.js';

export type CourseRow = typeof courses.$inferSelect;

const titleContains = (q: string | undefined) =>
  q ? sql`lower(${courses.title}) like ${containsPattern(q)}` : undefined;

/** Newest first; with `q`, only titles that contain it (any case). */
export function listCourses(db: DbOrTx, filter: { q?: string | undefined; limit: number; offset: number }) {
  return db
    .select({ ...getTableColumns(courses), total: totalColumn() })
    .from(courses)
    .where(titleContains(filter.q))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export function countCourses(db: DbOrTx, q: string | undefined) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(courses)
    .where(titleContains(q))
    .then((rows) => rows[0]?.count ?? 0);
}

export function findCourse(db: DbOrTx, id: number) {
  return db
    .select()
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * The course row, locked until the transaction ends: `update` for pause, resume and delete; `share`
 * for what is added to the course (an enrolment, a resource), so those wait for a pause or delete
 * in progress and then see its outcome, instead of slipping in beside it.
 */
export function lockCourse(tx: DbOrTx, id: number, mode: 'update' | 'share') {
  return tx
    .select()
    .from(courses)
    .where(eq(courses.id, id))
    .for(mode)
    .then((rows) => rows[0]);
}

export function insertCourse(db: DbOrTx, values: { title: string; description: string }) {
  return db
    .insert(courses)
    .values(values)
    .returning()
    .then((rows) => rows[0] as CourseRow);
}

export function updateCourse(db: DbOrTx, id: number, values: { title: string; description: string }) {
  return db
    .update(courses)
    .set(values)
    .where(eq(courses.id, id))
    .returning()
    .then((rows) => rows[0]);
}

export function countSubmissionsOfCourse(db: DbOrTx, courseId: number) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .where(eq(exams.courseId, courseId))
    .then((rows) => rows[0]?.count ?? 0);
}

/** Every stored object that belongs to the course: resource files, exam papers, question images. */
export async function storedKeysOfCourse(db: DbOrTx, courseId: number): Promise<string[]> {
  const resourceKeys = await db
    .select({ key: resources.objectKey })
    .from(resources)
    .where(sql`${resources.courseId} = ${courseId} and ${resources.objectKey} is not null`);
  const examRows = await db
    .select({ id: exams.id, key: exams.paperKey })
    .from(exams)
    .where(eq(exams.courseId, courseId));
  const examIds = examRows.map((row) => row.id);
  const imageRows = examIds.length
    ? await db
        .select({ key: mcqQuestions.imageKey })
        .from(mcqQuestions)
        .where(sql`${inArray(mcqQuestions.examId, examIds)} and ${isNotNull(mcqQuestions.imageKey)}`)
    : [];
  return [...resourceKeys, ...examRows, ...imageRows].map((row) => row.key).filter((key): key is string => !!key);
}

export function deleteCourse(db: DbOrTx, id: number) {
  return db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
}

export function setPaused(db: DbOrTx, id: number, paused: boolean) {
  return db.update(courses).set({ paused }).where(eq(courses.id, id));
}

export function setEnrollmentStatusOfCourse(db: DbOrTx, courseId: number, status: 'ACTIVE' | 'DISABLED') {
  return db.update(enrollments).set({ status }).where(eq(enrollments.courseId, courseId));
}
