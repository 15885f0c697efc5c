import type { EnrollmentStatus } from '@valence/contract';
import { and, asc, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedWays, preparedWindows, reachCondition } from '../../db/prepared.js';
import { countOf, selectCount } from '../../db/rows.js';
import { accounts, courseEnrollmentCounts, courses, enrollments } from '../../db/schema.js';
import { containsWay, type SearchWay, searchValue, searchWay, totalOf } from '../../lib/paging.js';

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

/** In the course, and with a search its usernames containing the `q` placeholder, written `way`. */
function ofCourse(way: SearchWay) {
  return and(
    eq(enrollments.courseId, sql.placeholder('courseId')),
    containsWay(accounts.usernameLower, way, sql.placeholder('q')),
  );
}

type EnrollmentPageWay = `${EnrollmentSortField}_${'asc' | 'desc'}_${SearchWay}`;

/**
 * One prepared statement per sort and search way (see db/prepared.ts), each row carrying the total
 * as a subquery PostgreSQL runs once (`count(*) over ()` would join and sort the whole class).
 */
const enrollmentPage = preparedWindows('valence_enrollment_page', (db, way: EnrollmentPageWay, reach) => {
  const [field, direction, search] = way.split('_') as [EnrollmentSortField, 'asc' | 'desc', SearchWay];
  const column = sortColumns[field];
  return db
    .select({ ...enrollmentColumns, total: totalOf(countQuery(db, search)) })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(accounts, eq(accounts.id, enrollments.studentId))
    .where(reachCondition(ofCourse(search), reach))
    .orderBy(direction === 'desc' ? desc(column) : asc(column), asc(enrollments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
});

/**
 * The course's enrolments, by username unless `sort` says otherwise; with `q`, usernames containing
 * it; each row with the total. An empty page has none: `countForCourse` counts.
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
): Promise<(EnrollmentRow & { total: number })[]> {
  const sort = filter.sort ?? { field: 'username', descending: false };
  const way: EnrollmentPageWay = `${sort.field}_${sort.descending ? 'desc' : 'asc'}_${searchWay(filter.q)}`;
  return enrollmentPage(db, way, filter).execute({
    courseId,
    q: searchValue(filter.q),
    limit: filter.limit,
    offset: filter.offset,
  });
}

/**
 * Unsearched, the count is the one kept beside the course (course_enrollment_counts, a few rows
 * whatever the class's size); a search counts its matches.
 */
function countQuery(db: DbOrTx, way: SearchWay) {
  if (way === 'none') return classSize(db, sql.placeholder('courseId'));
  return selectCount(db, enrollments).innerJoin(accounts, eq(accounts.id, enrollments.studentId)).where(ofCourse(way));
}

/**
 * How many students the course has enrolled, as kept by the triggers on enrollments: the sum of its
 * shards' rows, a few whatever the class's size. The enrolments page and the gradebook total by it.
 */
export function classSize(db: DbOrTx, courseId: SQLWrapper) {
  return db
    .select({ count: sql<number>`coalesce(sum(${courseEnrollmentCounts.enrolled}), 0)`.mapWith(Number) })
    .from(courseEnrollmentCounts)
    .where(eq(courseEnrollmentCounts.courseId, courseId));
}

const enrollmentCount = preparedWays((db, way: SearchWay) =>
  countQuery(db, way).prepare(`valence_enrollment_count_${way}`),
);

export function countForCourse(db: DbOrTx, courseId: number, q: string | undefined): Promise<number> {
  return countOf(enrollmentCount(db, searchWay(q)).execute({ courseId, q: searchValue(q) }));
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
