import type { EnrollmentStatus } from '@valence/contract';
import { and, asc, type Column, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countOf, selectCount } from '../../db/rows.js';
import { accounts, courses, enrollments } from '../../db/schema.js';
import { contains } from '../../lib/paging.js';

/**
 * An enrolment is shown with its course title and student username, and is searched and sorted by
 * the username: read here by join, so a page stays one statement. Writes to those tables go through
 * their own modules.
 */
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
  status: EnrollmentStatus;
};

function selectEnrollments(db: DbOrTx) {
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(accounts, eq(accounts.id, enrollments.studentId));
}

// lower(username) has a unique index: a page of a class of thousands walks it and stops, no sort.
const sortColumns = { username: sql`lower(${accounts.username})`, enrollmentDate: enrollments.enrollmentDate } as const;
export type EnrollmentSortField = keyof typeof sortColumns;

function ofCourse(courseId: number, q: string | undefined) {
  const inCourse = eq(enrollments.courseId, courseId);
  return q ? and(inCourse, contains(accounts.usernameLower, q)) : inCourse;
}

/**
 * The course's enrolments, by username unless `sort` says otherwise; with `q`, usernames containing
 * it. Unlike the small lists, the total is a separate count (countForCourse): counting in the same
 * statement would make PostgreSQL join and sort a whole class of thousands for every page.
 */
export function listForCourse(
  db: DbOrTx,
  courseId: number,
  filter: {
    q?: string | undefined;
    sort?: { field: EnrollmentSortField; descending: boolean } | undefined;
    limit: number;
    offset: number;
  },
): Promise<EnrollmentRow[]> {
  const sort = filter.sort ?? { field: 'username', descending: false };
  const column = sortColumns[sort.field];
  return selectEnrollments(db)
    .where(ofCourse(courseId, filter.q))
    .orderBy(sort.descending ? desc(column) : asc(column), asc(enrollments.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** Unsearched, the count reads the (course, student) index alone: every enrolment has its account. */
export function countForCourse(db: DbOrTx, courseId: number, q: string | undefined): Promise<number> {
  const count = selectCount(db, enrollments);
  return countOf(
    (q ? count.innerJoin(accounts, eq(accounts.id, enrollments.studentId)) : count).where(ofCourse(courseId, q)),
  );
}

/**
 * Enrols many students in one statement: the named ones (`studentIds`) or every student whose
 * username contains `q`. Those already in the course are skipped (ON CONFLICT), so the count
 * returned is of enrolments this statement made.
 */
export async function insertEnrollments(
  db: DbOrTx,
  values: {
    courseId: number;
    status: EnrollmentStatus;
    students: { ids: number[] } | { q: string | undefined };
  },
): Promise<number> {
  const matching =
    'ids' in values.students
      ? // One array parameter (the ids are validated integers), not one parameter per student.
        sql`a.id = any(${`{${values.students.ids.join(',')}}`}::int[])`
      : values.students.q
        ? contains(sql`a.username_lower`, values.students.q)
        : sql`true`;
  const result = await db.execute(sql`
    insert into enrollments (course_id, student_id, status)
    select ${values.courseId}::int, a.id, ${values.status}::text
    from accounts a
    where a.role = 'ROLE_STUDENT' and ${matching}
    on conflict (course_id, student_id) do nothing
    returning id`);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows.length;
}

export function findEnrollment(db: DbOrTx, id: number): Promise<EnrollmentRow | undefined> {
  return selectEnrollments(db)
    .where(eq(enrollments.id, id))
    .limit(1)
    .then((rows) => rows[0]);
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

/** A student's enrolments, newest first. */
export function listForStudent(db: DbOrTx, studentId: number): Promise<EnrollmentRow[]> {
  return selectEnrollments(db)
    .where(eq(enrollments.studentId, studentId))
    .orderBy(desc(enrollments.enrollmentDate), desc(enrollments.id));
}

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
