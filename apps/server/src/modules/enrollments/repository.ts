import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, courses, enrollments } from '../../db/schema.js';

const enrollmentColumns = {
  id: enrollments.id,
  courseId: enrollments.courseId,
  courseTitle: courses.title,
  enrollmentDate: enrollments.enrollmentDate,
  studentId: enrollments.studentId,
  studentUsername: accounts.username,
  status: enrollments.status,
};

export type EnrollmentRow = {
  id: number;
  courseId: number;
  courseTitle: string;
  enrollmentDate: Date;
  studentId: number;
  studentUsername: string;
  status: 'ACTIVE' | 'DISABLED';
};

function selectEnrollments(db: DbOrTx) {
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(accounts, eq(accounts.id, enrollments.studentId));
}

export function listForCourse(db: DbOrTx, courseId: number): Promise<EnrollmentRow[]> {
  return selectEnrollments(db).where(eq(enrollments.courseId, courseId)).orderBy(asc(accounts.username));
}

export function findEnrollment(db: DbOrTx, id: number): Promise<EnrollmentRow | undefined> {
  return selectEnrollments(db)
    .where(eq(enrollments.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export function insertEnrollment(
  db: DbOrTx,
  values: { courseId: number; studentId: number; status: 'ACTIVE' | 'DISABLED' },
) {
  return db
    .insert(enrollments)
    .values(values)
    .returning({ id: enrollments.id })
    .then((rows) => rows[0] as { id: number });
}
