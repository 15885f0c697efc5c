import type { ItemSums, PaperSums } from '@valence/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The sums an MCQ item analysis is made of, for one exam, in one statement: submissions and their
 * answers (the submissions module's) read against the exam's questions and options (the questions
 * module's). Only sums come back (one row per option), never the answers themselves, so a paper of
 * thousands of scripts costs the server a few hundred rows whatever its size.
 *
 * - `answers`: each answer of the exam's submissions, right or not (the exam's few hundred options
 *   are hashed once; an answer's option is looked up there, not by an index probe per answer);
 * - `totals`: each submission's number right (0 for a blank paper: every submission is a sitter);
 * - per question: how many answered right and the sum of their totals (Σ x·y for the point-biserial);
 * - per option: how many chose it.
 */
export async function itemSums(db: DbOrTx, examId: number): Promise<{ paper: PaperSums; items: ItemSums[] }> {
  const result = await db.execute(sql`
    with options as materialized (
      select o.id, o.question_id, o.is_correct, o.position as option_position, q.position as question_position
      from mcq_questions q join mcq_options o on o.question_id = q.id
      where q.exam_id = ${examId}
    ),
    answers as materialized (
      select a.submission_id, a.option_id, o.question_id, o.is_correct
      from submissions s
      join submission_answers a on a.submission_id = s.id
      join options o on o.id = a.option_id
      where s.exam_id = ${examId}
    ),
    totals as (
      select s.id, coalesce(r.total, 0)::bigint as total
      from submissions s
      left join (
        select submission_id, count(*) as total from answers where is_correct group by submission_id
      ) r on r.submission_id = s.id
      where s.exam_id = ${examId}
    ),
    paper as (
      select count(*)::int as sitters, coalesce(sum(total), 0)::float8 as total_sum,
        coalesce(sum(total * total), 0)::float8 as total_squares
      from totals
    ),
    per_question as (
      select a.question_id, count(*)::int as "right", sum(t.total)::float8 as right_totals
      from answers a join totals t on t.id = a.submission_id
      where a.is_correct
      group by a.question_id
    ),
    per_option as (
      select option_id, count(*)::int as chosen from answers group by option_id
    )
    select p.sitters, p.total_sum, p.total_squares, o.question_id, o.id as option_id, o.is_correct,
      coalesce(c.chosen, 0) as chosen, coalesce(q."right", 0) as "right", coalesce(q.right_totals, 0) as right_totals
    from paper p
    left join options o on true
    left join per_option c on c.option_id = o.id
    left join per_question q on q.question_id = o.question_id
    order by o.question_position, o.question_id, o.option_position, o.id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    sitters: number;
    total_sum: number;
    total_squares: number;
    question_id: number | null;
    option_id: number | null;
    is_correct: boolean | null;
    chosen: number;
    right: number;
    right_totals: number;
  }[];
  const first = rows[0];
  const paper: PaperSums = {
    sitters: Number(first?.sitters ?? 0),
    totalSum: Number(first?.total_sum ?? 0),
    totalSquares: Number(first?.total_squares ?? 0),
  };
  const items: ItemSums[] = [];
  for (const row of rows) {
    if (row.question_id === null || row.option_id === null) continue;
    let item = items.at(-1);
    if (item?.questionId !== row.question_id) {
      item = {
        questionId: row.question_id,
        right: Number(row.right),
        rightTotals: Number(row.right_totals),
        options: [],
      };
      items.push(item);
    }
    item.options.push({ optionId: row.option_id, chosen: Number(row.chosen), isCorrect: row.is_correct === true });
  }
  return { paper, items };
}
