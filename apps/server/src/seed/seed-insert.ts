import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { accounts, courses, enrollments, resources, watchTime } from '../db/schema.js';
import type { DemoData, DemoWatch } from './demo-data.js';

/*
 * The seed's writes, batched: demo rows go in straight, not through the modules' services, because
 * at 20,000 students one INSERT per row (and a password hash per student) would take hours.
 */

/** Rows per INSERT of values: well under PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 4000;
/** Rows per INSERT … SELECT FROM unnest(arrays), the bulk tables: four parameters however many rows. */
const COLUMN_BATCH_ROWS = 20_000;

export async function insertStudents(tx: Tx, data: DemoData, passwordHash: string, report: (done: number) => void) {
  const ids: number[] = [];
  for (let from = 0; from < data.students.length; from += BATCH_ROWS) {
    const batch = data.students.slice(from, from + BATCH_ROWS);
    const rows = await tx
      .insert(accounts)
      .values(
        batch.map((student) => ({
          username: student.username,
          name: student.name,
          passwordHash,
          role: 'ROLE_STUDENT' as const,
          createdAt: student.createdAt,
        })),
      )
      .returning({ id: accounts.id, username: accounts.username });
    // Matched by username, not by position: RETURNING's order is not promised.
    const byUsername = new Map(rows.map((row) => [row.username, row.id]));
    for (const student of batch) ids.push(byUsername.get(student.username) as number);
    report(from + batch.length);
  }
  return ids;
}

export async function insertCourses(
  tx: Tx,
  data: DemoData,
  report: (phase: 'courses' | 'resources', done: number) => void,
) {
  const courseIds: number[] = [];
  const lessonIds: number[][] = [];
  let lessonsDone = 0;
  for (let from = 0; from < data.courses.length; from += BATCH_ROWS) {
    const batch = data.courses.slice(from, from + BATCH_ROWS);
    const rows = await tx
      .insert(courses)
      .values(batch.map(({ title, description, createdAt }) => ({ title, description, createdAt })))
      .returning({ id: courses.id, title: courses.title });
    const byTitle = new Map(rows.map((row) => [row.title, row.id]));
    for (const course of batch) courseIds.push(byTitle.get(course.title) as number);
    report('courses', from + batch.length);
  }
  // Every course's lessons in a few INSERTs of many courses each.
  const lessons = data.courses.flatMap((course, index) =>
    course.lessons.map((lesson, position) => ({ course: index, position, lesson })),
  );
  for (let from = 0; from < lessons.length; from += BATCH_ROWS) {
    const batch = lessons.slice(from, from + BATCH_ROWS);
    const rows = await tx
      .insert(resources)
      .values(
        batch.map(({ course, lesson }) => ({
          courseId: courseIds[course] as number,
          name: lesson.name,
          type: 'link',
          url: lesson.url,
          duration: lesson.duration,
          liveAt: lesson.liveAt,
          recordingAt: lesson.liveAt,
          createdAt: lesson.liveAt,
        })),
      )
      .returning({ id: resources.id, courseId: resources.courseId, url: resources.url });
    const byKey = new Map(rows.map((row) => [`${row.courseId} ${row.url}`, row.id]));
    for (const { course, position, lesson } of batch) {
      lessonIds[course] ??= [];
      (lessonIds[course] as number[])[position] = byKey.get(`${courseIds[course]} ${lesson.url}`) as number;
    }
    lessonsDone += batch.length;
    report('resources', lessonsDone);
  }
  return { courseIds, lessonIds };
}

export async function insertEnrollments(
  tx: Tx,
  data: DemoData,
  studentIds: number[],
  courseIds: number[],
  report: (done: number) => void,
) {
  const rows = data.students.flatMap((student, index) =>
    student.enrollments.map((enrollment) => ({ student: index, ...enrollment })),
  );
  for (let from = 0; from < rows.length; from += COLUMN_BATCH_ROWS) {
    const batch = rows.slice(from, from + COLUMN_BATCH_ROWS);
    await tx.execute(sql`
      insert into ${enrollments} ${columns(enrollments.courseId, enrollments.studentId, enrollments.status, enrollments.enrollmentDate)}
      select u.course_id, u.student_id, u.status, to_timestamp(u.at)
      from unnest(
        ${arrayLiteral(batch.map((row) => courseIds[row.course] as number))}::int[],
        ${arrayLiteral(batch.map((row) => studentIds[row.student] as number))}::int[],
        ${arrayLiteral(batch.map((row) => row.status))}::text[],
        ${arrayLiteral(batch.map((row) => row.date.getTime() / 1000))}::float8[]
      ) with ordinality as u(course_id, student_id, status, at, n)
      order by u.n`);
    report(from + batch.length);
  }
}

export async function insertWatchRecords(
  tx: Tx,
  data: DemoData,
  studentIds: number[],
  lessonIds: number[][],
  total: number,
  report: (done: number) => void,
) {
  let batch: DemoWatch[] = [];
  let done = 0;
  const flush = async () => {
    // The video's name is copied from its resource in SQL rather than sent 2 million times.
    await tx.execute(sql`
      insert into ${watchTime} ${columns(watchTime.studentId, watchTime.resourceId, watchTime.videoName, watchTime.watchedDuration, watchTime.timestamp)}
      select u.student_id, u.resource_id, r.${sql.identifier(resources.name.name)}, u.watched, to_timestamp(u.at)
      from unnest(
        ${arrayLiteral(batch.map((record) => studentIds[record.student] as number))}::int[],
        ${arrayLiteral(batch.map((record) => lessonIds[record.course]?.[record.lesson] as number))}::int[],
        ${arrayLiteral(batch.map((record) => record.watched))}::float8[],
        ${arrayLiteral(batch.map((record) => record.at.getTime() / 1000))}::float8[]
      ) with ordinality as u(student_id, resource_id, watched, at, n)
      join ${resources} r on r.${sql.identifier(resources.id.name)} = u.resource_id
      order by u.n`);
    done += batch.length;
    batch = [];
    report(done);
  };
  for (const record of data.watchRecords()) {
    batch.push(record);
    if (batch.length === COLUMN_BATCH_ROWS) await flush();
  }
  if (batch.length > 0) await flush();
  if (done !== total) throw new Error(`Wrote ${done} watch records instead of ${total}.`);
}

/** The column list of an INSERT written in SQL, named from the schema. */
function columns(...list: PgColumn[]) {
  return sql`(${sql.join(
    list.map((column) => sql.identifier(column.name)),
    sql`, `,
  )})`;
}

/**
 * One column of a batch as a PostgreSQL array literal: a single parameter however many rows, which
 * both drivers pass as text, instead of one placeholder per value. Only numbers and the enrolment
 * statuses go through here, so nothing needs quoting.
 */
function arrayLiteral(values: (number | string)[]): string {
  return `{${values.join(',')}}`;
}
