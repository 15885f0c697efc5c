import { desc, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedPer, preparedWindows, reachCondition } from '../../db/prepared.js';
import { countRows, inIds, lockRow, selectCount } from '../../db/rows.js';
import { courses } from '../../db/schema.js';
import { contains, containsWay, type SearchWay, searchValue, searchWay, totalOf } from '../../lib/paging.js';

export type CourseRow = typeof courses.$inferSelect;

const titleContains = (q: string | undefined) => (q ? contains(sql`lower(${courses.title})`, q) : undefined);

/** Newest first; with `q`, only titles that contain it (any case). Each row carries the total. */
export function listCourses(db: DbOrTx, filter: { q?: string | undefined; limit: number; offset: number }) {
  return coursePage(db, searchWay(filter.q), filter).execute({
    q: searchValue(filter.q),
    limit: filter.limit,
    offset: filter.offset,
  });
}

// The total as a subquery PostgreSQL runs once: a window would read and sort every course, where
// the page itself is read off courses_created_idx.
const coursePage = preparedWindows('valence_course_page', (db, way: SearchWay, reach) => {
  const matching = containsWay(sql`lower(${courses.title})`, way, sql.placeholder('q'));
  return db
    .select({ ...getTableColumns(courses), total: totalOf(selectCount(db, courses).where(matching)) })
    .from(courses)
    .where(reachCondition(matching, reach))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
});

export function countCourses(db: DbOrTx, q: string | undefined) {
  return countRows(db, courses, titleContains(q));
}

export function listCoursesByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(courses).where(inIds(courses.id, ids)).orderBy(desc(courses.createdAt), desc(courses.id));
}

/** Every course page and most staff calls look their course up first. */
export async function findCourse(db: DbOrTx, id: number): Promise<CourseRow | undefined> {
  return (await courseById(db).execute({ id }))[0];
}

const courseById = preparedPer((db) =>
  db
    .select()
    .from(courses)
    .where(eq(courses.id, sql.placeholder('id')))
    .limit(1)
    .prepare('valence_course_by_id'),
);

/**
 * The course's title, null for no such course: a subquery for another module's statement (an
 * exam list's page), so the page needs no lookup of its course first. Aliased: drizzle leaves a
 * one-table select's columns bare, and they would be read inside.
 */
export function titleOf(id: number | Placeholder): SQL<string | null> {
  return sql<string | null>`(select c.title from ${courses} c where c.id = ${id})`;
}

/**
 * The course row, locked until the transaction ends: `update` for pause, resume and delete; `share`
 * for what is added to the course (an enrolment, a resource), so those wait for a pause or delete
 * in progress and then see its outcome, instead of slipping in beside it.
 */
export function lockCourse(tx: DbOrTx, id: number, mode: 'update' | 'share') {
  return lockRow(tx, courses, eq(courses.id, id), mode);
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

export function deleteCourse(db: DbOrTx, id: number) {
  return db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
}

export function setPaused(db: DbOrTx, id: number, paused: boolean) {
  return db.update(courses).set({ paused }).where(eq(courses.id, id));
}

/** The courses with these ids or whose title is one of these (lower case), for an import naming them either way. */
export function findCoursesByIdsOrTitles(db: DbOrTx, ids: readonly number[], lowered: readonly string[]) {
  if (ids.length === 0 && lowered.length === 0) return Promise.resolve([]);
  return db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      sql`${courses.id} = any(${sql.param(ids)}::int[]) or lower(${courses.title}) = any(${sql.param(lowered)}::text[])`,
    );
}
