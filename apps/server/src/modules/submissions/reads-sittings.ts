import type { SittingListQuery, SittingState } from '@valence/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { contains, type PageWindow } from '../../lib/paging.js';
import { deadlineSql } from './deadline.js';

/**
 * Where each student of an exam's class stands on exam day, as staff follow it: every student
 * ACTIVE in the exam's course (enrolments), with their sitting (submissions module), their hand-in
 * (submissions), their draft and their override (exams module), in one statement a page.
 */
export type SittingListRow = {
  studentId: number;
  username: string;
  name: string | null;
  state: SittingState;
  startedAt: Date | null;
  deadline: Date | null;
  submittedAt: Date | null;
  total: number;
};

/**
 * The state as SQL: handed in (by the student, or by the server at their deadline), in progress (a
 * sitting started, or answers saved on an untimed exam), or not started.
 */
const stateSql = sql`case
  when s.id is not null then case when s.handed_in_at_deadline then 'handed-in-at-deadline' else 'handed-in' end
  when si.id is not null or d.id is not null then 'in-progress'
  else 'not-started' end`;

const STATE_FILTER: Record<NonNullable<SittingListQuery['state']>, SittingState[]> = {
  'not-started': ['not-started'],
  'in-progress': ['in-progress'],
  'handed-in': ['handed-in'],
  'handed-in-at-deadline': ['handed-in-at-deadline'],
  'not-handed-in': ['not-started', 'in-progress'],
};

function filtered(examId: number, query: Pick<SittingListQuery, 'q' | 'state'>): SQL {
  const search = query.q
    ? sql`and (${contains(sql`a.username_lower`, query.q)} or ${contains(sql`a.name_lower`, query.q)})`
    : sql``;
  const states = query.state ? STATE_FILTER[query.state] : undefined;
  const state = states
    ? sql`and (${stateSql}) in (${sql.join(
        states.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql``;
  return sql`from exams e
    join enrollments en on en.course_id = e.course_id and en.status = 'ACTIVE'
    join accounts a on a.id = en.student_id
    left join exam_sittings si on si.exam_id = e.id and si.student_id = en.student_id
    left join exam_overrides o on o.exam_id = e.id and o.student_id = en.student_id
    left join submissions s on s.exam_id = e.id and s.student_id = en.student_id
    left join submission_drafts d on d.exam_id = e.id and d.student_id = en.student_id
    where e.id = ${examId}::int ${search} ${state}`;
}

/**
 * One page of the exam's class by username, each with its state, start, deadline (their close for
 * an untimed exam; for a timed one, from their start, none before it) and hand-in time, every row
 * carrying the total. `q` matches name or username (contains, any case); `state` keeps one kind.
 */
export async function pageOfSittings(
  db: DbOrTx,
  examId: number,
  query: Pick<SittingListQuery, 'q' | 'state'>,
  window: Pick<PageWindow, 'limit' | 'offset'>,
): Promise<SittingListRow[]> {
  const from = filtered(examId, query);
  const result = await db.execute(sql`
    select en.student_id, a.username, a.name, ${stateSql} as state, si.started_at,
      case when e.time_limit_minutes is not null and si.started_at is null then null else ${deadlineSql} end as deadline,
      s.submitted_at, count(*) over () as total
    ${from}
    order by a.username_lower, en.student_id
    limit ${window.limit} offset ${window.offset}`);
  const rows = rowsOf(result);
  const time = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));
  return rows.map((row) => ({
    studentId: Number(row.student_id),
    username: String(row.username),
    name: (row.name as string | null) ?? null,
    state: row.state as SittingState,
    startedAt: time(row.started_at),
    deadline: time(row.deadline),
    submittedAt: time(row.submitted_at),
    total: Number(row.total),
  }));
}

/** How many of the class match (asked when a page has no row to carry the total). */
export async function countOfSittings(
  db: DbOrTx,
  examId: number,
  query: Pick<SittingListQuery, 'q' | 'state'>,
): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count ${filtered(examId, query)}`);
  return Number(rowsOf(result)[0]?.count ?? 0);
}
