import type { EnrollmentStatus } from '@valence/contract';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { enrollments } from '../../db/schema.js';

/**
 * Enrols many students in one statement: those `students` selects (the accounts module's query of
 * their ids). Those already in the course are skipped (ON CONFLICT), so the count returned is of
 * enrolments this statement made.
 */
export async function insertEnrollments(
  db: DbOrTx,
  values: { courseId: number; status: EnrollmentStatus; students: SQL<number> },
): Promise<number> {
  const result = await db.execute(sql`
    insert into enrollments (course_id, student_id, status)
    select ${values.courseId}::int, s.id, ${values.status}::text
    from (${values.students}) s
    on conflict (course_id, student_id) do nothing
    returning id`);
  return rowsOf(result).length;
}

export function insertEnrollment(
  db: DbOrTx,
  values: { courseId: number; studentId: number; status: EnrollmentStatus },
) {
  return db
    .insert(enrollments)
    .values(values)
    .returning({ id: enrollments.id })
    .then((rows) => rows[0] as { id: number });
}

export function setStatusOfCourse(db: DbOrTx, courseId: number, status: EnrollmentStatus) {
  return db.update(enrollments).set({ status }).where(eq(enrollments.courseId, courseId));
}

export function deleteOfCourse(db: DbOrTx, courseId: number) {
  return db.delete(enrollments).where(eq(enrollments.courseId, courseId));
}

/** True where the student (an account id column) is enrolled in the course, as a SQL condition. */
export const enrolledIn =
  (courseId: number) =>
  (studentId: Column): SQL =>
    sql`exists (select 1 from ${enrollments} where ${enrollments.courseId} = ${courseId} and ${enrollments.studentId} = ${studentId})`;

/** The courses in which the student is ACTIVE. */
export function activeCourseIds(db: DbOrTx, studentId: number): Promise<number[]> {
  return db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(and(eq(enrollments.studentId, studentId), eq(enrollments.status, 'ACTIVE')))
    .then((rows) => rows.map((row) => row.courseId));
}

export function setStatus(db: DbOrTx, id: number, status: EnrollmentStatus) {
  return db
    .update(enrollments)
    .set({ status })
    .where(eq(enrollments.id, id))
    .returning({ id: enrollments.id })
    .then((rows) => rows[0]);
}

export function deleteEnrollment(db: DbOrTx, id: number) {
  return db
    .delete(enrollments)
    .where(eq(enrollments.id, id))
    .returning({ id: enrollments.id, courseId: enrollments.courseId, studentId: enrollments.studentId })
    .then((rows) => rows[0]);
}
