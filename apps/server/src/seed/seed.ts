import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { accounts, auditLog, courses, enrollments, exams, resources, watchTime } from '../db/schema.js';
import { audit } from '../lib/audit.js';
import { type DemoData, type DemoWatch, generateDemo } from './generate.js';
import { type DemoCounts, demoPlan } from './plan.js';

/** Written to the audit log by every seed: how a later run tells demo data from real data. */
export const SEED_ACTION = 'demo.seed';

/** Rows per INSERT of values: well under PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 4000;
/** Rows per INSERT … SELECT FROM unnest(arrays), the bulk tables: four parameters however many rows. */
const COLUMN_BATCH_ROWS = 20_000;

export type SeedProgress = { phase: keyof DemoCounts; done: number; total: number };

export type SeedOptions = {
  scale: number;
  /** One hash for every demo student: scrypt per student would take an hour at 20,000 students. */
  passwordHash: string;
  /** Delete the demo data of an earlier run first (students, courses and all that hangs on them). */
  reset?: boolean;
  onProgress?: (progress: SeedProgress) => void;
};

export type SeedResult = {
  counts: DemoCounts;
  /** A demo student with only active enrolments, to print how to sign in. */
  sampleStudent: string;
  /** Counts deleted by --reset, if any. */
  deleted: { students: number; courses: number } | null;
};

/** The seed declines to run; the message says why and what to do. */
export class SeedRefused extends Error {}

/**
 * Fills the database with a demo class at `scale` (see plan.ts), in one transaction: a run that
 * fails or is refused leaves the database as it was, so running again is always safe.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const data = generateDemo(options.scale);
  const counts = demoPlan(options.scale);
  return db.transaction(async (tx) => {
    const deleted = await clearForSeed(tx, options.reset ?? false);
    const report = (phase: keyof DemoCounts, done: number) =>
      options.onProgress?.({ phase, done, total: counts[phase] });

    const studentIds = await insertStudents(tx, data, options.passwordHash, (done) => report('students', done));
    const { courseIds, lessonIds } = await insertCourses(tx, data, report);
    await insertEnrollments(tx, data, studentIds, courseIds, (done) => report('enrollments', done));
    await insertWatchRecords(tx, data, studentIds, lessonIds, counts.watchRecords, (done) =>
      report('watchRecords', done),
    );
    await audit(tx, null, SEED_ACTION, 'database', { scale: options.scale, ...counts });
    const active = data.students.find((student) => student.enrollments.every((e) => e.status === 'ACTIVE'));
    return { counts, sampleStudent: (active ?? data.students[0])?.username ?? '', deleted };
  });
}

async function clearForSeed(tx: Tx, reset: boolean): Promise<SeedResult['deleted']> {
  const students = await tx
    .select({ n: count() })
    .from(accounts)
    .where(eq(accounts.role, 'ROLE_STUDENT'))
    .then((rows) => rows[0]?.n ?? 0);
  const courseCount = await tx
    .select({ n: count() })
    .from(courses)
    .then((rows) => rows[0]?.n ?? 0);
  if (students === 0 && courseCount === 0) return null;

  const seededBefore = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.action, SEED_ACTION))
    .limit(1)
    .then((rows) => rows.length > 0);
  const what = `${students} student(s) and ${courseCount} course(s)`;
  if (!seededBefore) {
    throw new SeedRefused(
      `The database already has ${what} that the demo seed did not make. The seed fills an empty database only and never deletes real data; point it at another DATA_DIR or DATABASE_URL.`,
    );
  }
  if (!reset) {
    throw new SeedRefused(`The database already has demo data (${what}); use --reset to replace it.`);
  }
  // Demo lessons are YouTube links; a stored file means someone uploaded into the demo, and the
  // seed cannot delete files from the object store.
  const storedFiles =
    (await tx
      .select({ n: count() })
      .from(resources)
      .where(isNotNull(resources.objectKey))
      .then((rows) => rows[0]?.n ?? 0)) +
    (await tx
      .select({ n: count() })
      .from(exams)
      .where(isNotNull(exams.paperKey))
      .then((rows) => rows[0]?.n ?? 0));
  if (storedFiles > 0) {
    throw new SeedRefused(
      `--reset would orphan ${storedFiles} uploaded file(s) of resources or exam papers in the file store; delete those in the portal first.`,
    );
  }
  // Only students enrol and watch, and every student goes: emptying both tables at once spares
  // 2 million row deletes, and the scan of watch_time that each deleted resource's SET NULL makes.
  await tx.execute(sql`truncate table ${watchTime}, ${enrollments}`);
  await tx.delete(accounts).where(eq(accounts.role, 'ROLE_STUDENT'));
  await tx.delete(courses);
  await audit(tx, null, 'demo.reset', 'database', { students, courses: courseCount });
  return { students, courses: courseCount };
}

async function insertStudents(tx: Tx, data: DemoData, passwordHash: string, report: (done: number) => void) {
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

async function insertCourses(tx: Tx, data: DemoData, report: (phase: 'courses' | 'resources', done: number) => void) {
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

async function insertEnrollments(
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

async function insertWatchRecords(
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
