import { DROP_OFF_STEPS } from '@valence/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Watch coverage: watch records (the watch-time module's) read against the course's lectures
 * (resources), its enrolments and the students' accounts, in one statement per call. The union of a
 * student's segments is taken in SQL (`range_agg` over numeric ranges, PostgreSQL 14 and later), so
 * only per-lecture figures come back, never the records: a course of 20,000 students answers a few
 * rows per lecture.
 *
 * Records are found through the enrolments: one index probe (`watch_time_student_resource_idx`) per
 * enrolled student and lecture, never a scan of every record.
 */

/**
 * Per enrolled student and lecture with a record: the union of their segments as a multirange
 * (inclusive bounds, so a segment played to the very end covers the end), the seconds of records
 * without segments, and how many such records. `lectures` and `students` are subqueries naming
 * `id`/`duration` and `student_id`.
 */
function perStudent(lectures: SQL, students: SQL) {
  // Each student's records of these lectures are read and merged in a lateral subquery, through the
  // (student, resource) index, a few dozen rows at a time: joined plainly, the planner would hash
  // the whole table, and grouping afterwards would sort every record of the course.
  return sql`
    select w.resource_id, e.student_id, w.watched, w.legacy_seconds, w.legacy_records
    from (${students}) e
    cross join lateral (
      select r.resource_id,
        range_agg(numrange((seg->>0)::numeric, (seg->>1)::numeric, '[]')) filter (where seg is not null) as watched,
        coalesce(sum(r.watched_duration) filter (where r.segments is null), 0)::float8 as legacy_seconds,
        count(*) filter (where r.segments is null)::int as legacy_records
      from watch_time r
      left join lateral jsonb_array_elements(case when jsonb_typeof(r.segments) = 'array' then r.segments end) seg on true
      where r.student_id = e.student_id and r.resource_id in (select id from (${lectures}) l)
      group by r.resource_id
    ) w`;
}

/** A student's covered share of a lecture: the larger of the segments' union and the legacy seconds, over its length. */
const coverageOf = sql`least(1, greatest(
    coalesce((select sum(upper(r) - lower(r)) from unnest(p.watched) r), 0)::float8, p.legacy_seconds) / l.duration)`;

export type CourseLectureRow = {
  id: number;
  name: string;
  duration: number;
  opened: number;
  average_coverage: number | null;
  drop_off: number[] | null;
  drop_off_base: number;
  legacy: number;
  not_watched: number;
  not_watched_items: { id: number; username: string; name: string | null }[] | null;
};

/** Every lecture of the course with its figures, in live-time order; `notWatchedLimit` names the first not-watched students. */
export function courseCoverageSql(courseId: number, notWatchedLimit: number) {
  const lectures = sql`select id, name, duration, live_at from resources where course_id = ${courseId} and duration > 0`;
  const students = sql`select student_id from enrollments where course_id = ${courseId}`;
  return sql`
    with lectures as materialized (${lectures}),
    per_student as materialized (${perStudent(sql`select id from lectures`, students)}),
    enrolled as (select count(*)::int as n from enrollments where course_id = ${courseId}),
    figures as (
      select l.id,
        count(p.student_id)::int as opened,
        avg(${coverageOf}) as average_coverage,
        count(p.watched)::int as drop_off_base,
        coalesce(sum(p.legacy_records), 0)::int as legacy
      from lectures l join per_student p on p.resource_id = l.id
      group by l.id
    ),
    -- The drop-off: point i (at i/STEPS of the length) lies in a watched range [lower, upper] exactly
    -- when lower·STEPS/length <= i <= upper·STEPS/length. Each range adds 1 from its first point and
    -- takes it away after its last; the running sum over the points is then how many students cover
    -- each (a student's ranges are disjoint, so none is counted twice at a point).
    edges as (
      select p.resource_id, e.step, sum(e.delta)::int as delta
      from per_student p
      join lectures l on l.id = p.resource_id
      cross join lateral unnest(p.watched) r
      cross join lateral (
        values
          (greatest(0, ceil(lower(r) * ${DROP_OFF_STEPS} / l.duration::numeric))::int, 1),
          (floor(upper(r) * ${DROP_OFF_STEPS} / l.duration::numeric)::int + 1, -1)
      ) e(step, delta)
      where p.watched is not null
      group by p.resource_id, e.step
    ),
    running as (
      select f.id, g.step, f.drop_off_base,
        sum(coalesce(e.delta, 0)) over (partition by f.id order by g.step) as watching
      from figures f
      cross join generate_series(0, ${DROP_OFF_STEPS}) g(step)
      left join edges e on e.resource_id = f.id and e.step = g.step
      where f.drop_off_base > 0
    ),
    drop_off as (
      select id, array_agg(watching::float8 / drop_off_base order by step) as drop_off from running group by id
    )
    select l.id, l.name, l.duration,
      coalesce(f.opened, 0) as opened, f.average_coverage, d.drop_off, coalesce(f.drop_off_base, 0) as drop_off_base,
      coalesce(f.legacy, 0) as legacy,
      (select n from enrolled) - coalesce(f.opened, 0) as not_watched,
      (select json_agg(json_build_object('id', a.id, 'username', a.username, 'name', a.name) order by a.username_lower, a.id)
        from (
          select a.id, a.username, a.name, a.username_lower
          from enrollments e join accounts a on a.id = e.student_id
          where e.course_id = ${courseId}
            and not exists (select 1 from watch_time w where w.student_id = e.student_id and w.resource_id = l.id)
          order by a.username_lower, a.id
          limit ${notWatchedLimit}
        ) a) as not_watched_items
    from lectures l
    left join figures f on f.id = l.id
    left join drop_off d on d.id = l.id
    order by l.live_at, l.id`;
}

/** See courseCoverageSql. */
export async function courseCoverage(db: DbOrTx, courseId: number, notWatchedLimit: number) {
  const result = await db.execute(courseCoverageSql(courseId, notWatchedLimit));
  return rowsOf<CourseLectureRow>(result).map((row) => ({
    ...row,
    duration: Number(row.duration),
    average_coverage: row.average_coverage === null ? null : Number(row.average_coverage),
    not_watched: Number(row.not_watched),
  }));
}

/** Students enrolled in the course, in any status. */
export async function enrolledCount(db: DbOrTx, courseId: number): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from enrollments where course_id = ${courseId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export type StudentLectureRow = {
  course_id: number;
  title: string;
  lecture_id: number | null;
  name: string | null;
  duration: number | null;
  opened: boolean;
  coverage: number | null;
  legacy: boolean;
};

/** Each course the student is enrolled in (by title) with each of its lectures and the student's coverage. */
export async function studentCoverage(db: DbOrTx, studentId: number) {
  const courses = sql`select c.id, c.title from enrollments e join courses c on c.id = e.course_id where e.student_id = ${studentId}`;
  const result = await db.execute(sql`
    with courses as materialized (${courses}),
    lectures as materialized (
      select r.id, r.name, r.duration, r.live_at, r.course_id from resources r
      where r.course_id in (select id from courses) and r.duration > 0
    ),
    per_student as (${perStudent(sql`select id from lectures`, sql`select ${studentId}::int as student_id`)})
    select c.id as course_id, c.title, l.id as lecture_id, l.name, l.duration,
      p.student_id is not null as opened,
      case when p.student_id is null then 0 else ${coverageOf} end as coverage,
      coalesce(p.legacy_records, 0) > 0 as legacy
    from courses c
    left join lectures l on l.course_id = c.id
    left join per_student p on p.resource_id = l.id
    order by c.title, c.id, l.live_at, l.id`);
  return rowsOf<StudentLectureRow>(result);
}
