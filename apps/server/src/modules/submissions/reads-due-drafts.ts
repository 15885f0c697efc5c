import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { deadlineSql } from './deadline.js';

/**
 * The drafts the submissions module's sweep must settle, found by joining drafts with their exams'
 * state, each student's override of the window and their sitting in one statement (the drafts and
 * sittings are the submissions module's, the exams and overrides the exams module's). Read only:
 * each one is then handed in, or dropped, under its exam's lock.
 *
 * Due: a published exam past the student's own deadline at `now` (their close, or the end of their
 * timed sitting: handed in as their answers), or an exam whose content was deleted (no questions are
 * left to mark it against; dropped at once). A draft of an unpublished exam waits: its exam may be
 * published again. Soonest deadline first, so a batch that stops early leaves the latest for later.
 */
export async function dueDrafts(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<{ examId: number; studentId: number }[]> {
  const result = await db.execute(sql`
      select d.exam_id, d.student_id from submission_drafts d
      join exams e on e.id = d.exam_id
      left join exam_overrides o on o.exam_id = d.exam_id and o.student_id = d.student_id
      left join exam_sittings si on si.exam_id = d.exam_id and si.student_id = d.student_id
      where e.content_deleted or (e.published and ${deadlineSql} <= ${now.toISOString()}::timestamptz)
      order by ${deadlineSql}, d.id
      limit ${limit}`);
  return rowsOf(result).map((row) => ({ examId: Number(row.exam_id), studentId: Number(row.student_id) }));
}
