import type { EnrollmentStatus } from '@valence/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countOf, selectCount } from '../../db/rows.js';
import { accounts, courses, enrollments } from '../../db/schema.js';
import { contains } from '../../lib/paging.js';

/**
 * An enrolment is shown with its course title and student username, and is searched and sorted by
 * the username: read here by join, so a page stays one statement.
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

export function findEnrollment(db: DbOrTx, id: number): Promise<EnrollmentRow | undefined> {
  return selectEnrollments(db)
    .where(eq(enrollments.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** A student's enrolments, newest first. */
export function listForStudent(db: DbOrTx, studentId: number): Promise<EnrollmentRow[]> {
  return selectEnrollments(db)
    .where(eq(enrollments.studentId, studentId))
    .orderBy(desc(enrollments.enrollmentDate), desc(enrollments.id));
}
