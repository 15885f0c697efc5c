import { type GradebookSort, OVERALL_STATUSES, type OverallStatus, PART_TWO_WEIGHT } from '@valence/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { inReadersOrder } from '../../lib/collation.js';
import { contains } from '../../lib/paging.js';
import { classSize } from '../enrollments/reads.js';

/**
 * A course's gradebook: its enrolled students (enrollments, accounts) with their marks under each
 * exam identifier of the course (exams, submissions), read by join so that one page, its order and
 * its total are one statement, and the class figures one more. Read-only; the marks module's
 * formula (MCQ + half of PART II) and statuses are written here in SQL only to sort and count by
 * them: the service recomputes each shown total with the contract's `combinedTotalScore`.
 */

/** An exam identifier of the course: which parts it has, and the live exams' publication. */
export type IdentifierColumn = {
  examIdentifier: string;
  hasMcq: boolean;
  hasPartTwo: boolean;
  mcqPublished: boolean | null;
  partTwoPublished: boolean | null;
};

/**
 * The course's identifiers in the order their first exam was made. A part's publication is its
 * live exam's (content not deleted, else the newest), as the marks summary picks it.
 */
export async function identifierColumns(db: DbOrTx, courseId: number): Promise<IdentifierColumn[]> {
  const live = (type: string, flag: SQL) =>
    sql`(array_agg(${flag} order by e.content_deleted, e.id desc) filter (where e.exam_type = ${type}))[1]`;
  const result = await db.execute(sql`
    select e.exam_identifier as "examIdentifier",
      bool_or(e.exam_type = 'MCQ') as "hasMcq",
      bool_or(e.exam_type = 'TRADITIONAL') as "hasPartTwo",
      ${live('MCQ', sql`e.published`)} as "mcqPublished",
      ${live('TRADITIONAL', sql`e.grades_published`)} as "partTwoPublished"
    from exams e
    where e.course_id = ${courseId}::int
    group by e.exam_identifier
    order by min(e.id)`);
  return rowsOf(result).map((row) => ({
    examIdentifier: String(row.examIdentifier),
    hasMcq: row.hasMcq === true,
    hasPartTwo: row.hasPartTwo === true,
    mcqPublished: (row.mcqPublished as boolean | null) ?? null,
    partTwoPublished: (row.partTwoPublished as boolean | null) ?? null,
  }));
}

/** One identifier's marks per student: MCQ, PART II, how many scripts and how many are marked. */
function marksOf(courseId: number, identifier: string) {
  return sql`(
    select s.student_id,
      max(s.mcq_score) filter (where e.exam_type = 'MCQ') as mcq,
      max(s.traditional_score) filter (where e.exam_type = 'TRADITIONAL') as part_two,
      count(*)::int as scripts,
      (count(*) filter (where e.exam_type = 'MCQ' or s.traditional_score is not null))::int as marked
    from submissions s join exams e on e.id = s.exam_id
    where e.course_id = ${courseId}::int and e.exam_identifier = ${identifier}
    group by s.student_id)`;
}

/**
 * The combined total of `k`'s marks: MCQ + PART II at the contract's weight, null when neither is
 * there (`combinedTotalScore`; `rules.api.test.ts` runs both over the same marks).
 */
export const totalSql = sql`case when k.mcq is null and k.part_two is null then null
  else coalesce(k.mcq, 0) + coalesce(k.part_two, 0) * ${sql.raw(String(PART_TWO_WEIGHT))} end`;

const rank = (status: OverallStatus) => sql.raw(String(OVERALL_STATUSES.indexOf(status)));

/**
 * The overall status as its rank in the contract's `OVERALL_STATUSES`, by `overallStatusOf`'s rule
 * over `k.scripts` (handed in) and `k.marked`. `parts` is how many types the identifier has.
 */
export const statusRankSql = (parts: number) => sql`case when coalesce(k.scripts, 0) = 0 then ${rank('Not Submitted')}
  when k.marked = 0 then ${rank('Pending')} when k.marked < ${parts}::int then ${rank('Partially Graded')} else ${rank('Fully Graded')} end`;

export type StudentRow = { studentId: number; username: string; name: string | null; total: number };

export type PageRequest = {
  q?: string | undefined;
  sort: GradebookSort;
  /** How many parts the sorted identifier has (for a status sort). */
  parts: number;
  limit: number;
  offset: number;
};

/** Enrolled students of the course whose username contains `q` (all of them without one), counted. */
function countSql(db: DbOrTx, courseId: number, q: string | undefined) {
  return q
    ? sql`(select count(*) from enrollments c join accounts b on b.id = c.student_id
        where c.course_id = ${courseId}::int and ${contains(sql`b.username_lower`, q)})::int`
    : sql`(${classSize(db, sql`${courseId}::int`)})::int`;
}

/**
 * One page of the course's enrolled students in the asked order, with how many match (a subquery
 * PostgreSQL runs once). Each order is written so the page costs what it must and no more:
 * - by username, the accounts' `lower(username)` index is walked and each account checked for an
 *   enrolment, stopping once the page is full (a class of 2,000 among 20,000 students: about 200
 *   index entries for the first page, where joining first would read every account);
 * - by a mark, the course's enrolments and that identifier's scripts alone are ordered, ties by
 *   student id, and only the page's 20 accounts are read;
 * - by name, every enrolled account is read and sorted (the one order no index serves).
 * Absent marks come last either way, and every order ends in a unique key, so pages never overlap.
 */
export async function studentPage(db: DbOrTx, courseId: number, request: PageRequest): Promise<StudentRow[]> {
  const { sort, q } = request;
  // The direction is one of two fixed words chosen by a validated flag, never the caller's text.
  const dir = sql.raw(sort.descending ? 'desc' : 'asc');
  const search = q ? sql` and ${contains(sql`a.username_lower`, q)}` : sql``;
  const total = countSql(db, courseId, q);
  const window = sql`limit ${request.limit}::int offset ${request.offset}::int`;
  const columns = sql`a.id as "studentId", a.username, a.name, ${total} as total`;
  let statement: SQL;
  if ('identifier' in sort) {
    const key = {
      mcq: sql`k.mcq`,
      partTwo: sql`k.part_two`,
      total: totalSql,
      status: statusRankSql(request.parts),
    }[sort.column];
    const searched = q
      ? sql` and en.student_id in (select a.id from accounts a where ${contains(sql`a.username_lower`, q)})`
      : sql``;
    statement = sql`
      select ${columns}
      from (
        select en.student_id, ${key} as key
        from enrollments en left join ${marksOf(courseId, sort.identifier)} k on k.student_id = en.student_id
        where en.course_id = ${courseId}::int${searched}
        order by key ${dir} nulls last, en.student_id
        ${window}
      ) p join accounts a on a.id = p.student_id
      order by p.key ${dir} nulls last, p.student_id`;
  } else if (sort.column === 'name') {
    statement = sql`
      select ${columns}
      from enrollments en join accounts a on a.id = en.student_id
      where en.course_id = ${courseId}::int${search}
      order by ${inReadersOrder(sql`nullif(a.name_lower, '')`)} ${dir} nulls last, lower(a.username), a.id
      ${window}`;
  } else {
    statement = sql`
      select ${columns}
      from accounts a join enrollments en on en.student_id = a.id and en.course_id = ${courseId}::int
      where true${search}
      order by lower(a.username) ${dir}, a.id ${dir}
      ${window}`;
  }
  const result = await db.execute(statement);
  return rowsOf(result).map((row) => ({
    studentId: Number(row.studentId),
    username: String(row.username),
    name: (row.name as string | null) ?? null,
    total: Number(row.total),
  }));
}

/** How many enrolled students match (for an empty page, whose rows cannot carry the total). */
export async function countStudents(db: DbOrTx, courseId: number, q?: string): Promise<number> {
  const search = q ? sql` and ${contains(sql`a.username_lower`, q)}` : sql``;
  const result = await db.execute(sql`
    select count(*)::int as n from enrollments en join accounts a on a.id = en.student_id
    where en.course_id = ${courseId}::int${search}`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/**
 * The next `limit` enrolled students after `after` in username order (keyset: the export walks the
 * whole class a page at a time, never all of it in memory). Ordered by `lower(username)`, the
 * expression of the accounts' unique index, so each page continues along that index instead of
 * sorting the class again (`username_lower` holds the same text but has no btree index).
 */
export async function studentsAfter(
  db: DbOrTx,
  courseId: number,
  after: { usernameLower: string; id: number } | null,
  limit: number,
): Promise<(StudentRow & { usernameLower: string })[]> {
  const from = after ? sql` and (lower(a.username), a.id) > (${after.usernameLower}, ${after.id}::int)` : sql``;
  const result = await db.execute(sql`
    select a.id as "studentId", a.username, a.name, lower(a.username) as "usernameLower"
    from enrollments en join accounts a on a.id = en.student_id
    where en.course_id = ${courseId}::int${from}
    order by lower(a.username), a.id
    limit ${limit}::int`);
  return rowsOf(result).map((row) => ({
    studentId: Number(row.studentId),
    username: String(row.username),
    name: (row.name as string | null) ?? null,
    usernameLower: String(row.usernameLower),
    total: 0,
  }));
}

/** A student's script under an identifier of the course, with its exam's type and publication. */
export type ScriptRow = {
  studentId: number;
  examIdentifier: string;
  examType: 'MCQ' | 'TRADITIONAL';
  mcqScore: number | null;
  traditionalScore: number | null;
  published: boolean;
  gradesPublished: boolean;
};

/** Every script of these students under the course's exams (one array parameter, whatever the page). */
export async function scriptsOf(db: DbOrTx, courseId: number, studentIds: number[]): Promise<ScriptRow[]> {
  if (studentIds.length === 0) return [];
  const result = await db.execute(sql`
    select s.student_id as "studentId", e.exam_identifier as "examIdentifier", e.exam_type as "examType",
      s.mcq_score as "mcqScore", s.traditional_score as "traditionalScore",
      e.published, e.grades_published as "gradesPublished"
    from submissions s join exams e on e.id = s.exam_id
    where e.course_id = ${courseId}::int and s.student_id = any(${`{${studentIds.join(',')}}`}::int[])
    order by e.content_deleted desc, e.id`);
  return rowsOf(result).map((row) => ({
    studentId: Number(row.studentId),
    examIdentifier: String(row.examIdentifier),
    examType: row.examType as 'MCQ' | 'TRADITIONAL',
    mcqScore: row.mcqScore === null ? null : Number(row.mcqScore),
    traditionalScore: row.traditionalScore === null ? null : Number(row.traditionalScore),
    published: row.published === true,
    gradesPublished: row.gradesPublished === true,
  }));
}

/** One identifier's class figures, as the database computes them over enrolled students. */
export type FiguresRow = {
  examIdentifier: string;
  sat: number;
  marked: number;
  mean: number | null;
  median: number | null;
  highest: number | null;
  lowest: number | null;
  histogram: number[];
};

/**
 * Per identifier: how many enrolled students sat (have a script), how many have a combined total,
 * and the mean, median, highest, lowest and ten-point histogram of those totals.
 */
export async function figures(db: DbOrTx, courseId: number): Promise<FiguresRow[]> {
  const result = await db.execute(sql`
    with k as (
      select e.exam_identifier as identifier, s.student_id,
        max(s.mcq_score) filter (where e.exam_type = 'MCQ') as mcq,
        max(s.traditional_score) filter (where e.exam_type = 'TRADITIONAL') as part_two
      from submissions s
        join exams e on e.id = s.exam_id
        join enrollments en on en.course_id = e.course_id and en.student_id = s.student_id
      where e.course_id = ${courseId}::int
      group by e.exam_identifier, s.student_id
    ), t as (select identifier, ${totalSql} as total from k)
    select identifier as "examIdentifier", count(*)::int as sat, count(total)::int as marked,
      avg(total) as mean, percentile_cont(0.5) within group (order by total) as median,
      max(total) as highest, min(total) as lowest,
      array[${sql.join(
        Array.from(
          { length: 10 },
          (_, bin) => sql`(count(*) filter (where least(floor(total / 10), 9) = ${sql.raw(String(bin))}))::int`,
        ),
        sql`, `,
      )}] as histogram
    from t group by identifier`);
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return rowsOf(result).map((row) => ({
    examIdentifier: String(row.examIdentifier),
    sat: Number(row.sat),
    marked: Number(row.marked),
    mean: num(row.mean),
    median: num(row.median),
    highest: num(row.highest),
    lowest: num(row.lowest),
    histogram: histogramOf(row.histogram),
  }));
}

/** An int[] as the driver gives it: an array (pg, PGlite) or its text `{1,2,…}`. */
function histogramOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : String(value).replace(/[{}]/g, '').split(',');
  return list.map(Number);
}
