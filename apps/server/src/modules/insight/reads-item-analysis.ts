import type { ItemSums, PaperSums } from '@valence/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The sums an MCQ item analysis is made of, for one exam, in one statement: submissions and their
 * answers (the submissions module's) read against the exam's questions and options (the questions
 * module's). Only sums come back (one row per option), never the answers themselves, so a paper of
 * thousands of scripts costs the server a few hundred rows whatever its size.
 *
 * - `sheets`: one row per submission (every submission is a sitter, a blank one too), its chosen
 *   options as an array and its total right. Each submission's answers are read through
 *   `submission_answers_sub_q_idx` (the lateral subquery is a nested loop over the exam's
 *   submissions from `submissions_exam_*_idx`), so the cost follows the exam's answers, not the
 *   whole table's; the arrays keep the step small enough to stay in memory.
 * - per option: how many chose it and the sum of their totals; for the right option that sum is
 *   Σ x·y of the point-biserial, since x = 1 exactly for those who chose it.
 * - per question: the sheets whose sitting drew it (a question pool: the sitting's `question_order`;
 *   a sheet without one had the whole paper), with their totals' Σ and Σ², so a question is judged
 *   only by those who were asked it.
 */
export function itemSumsSql(examId: number) {
  return sql`
    with options as materialized (
      select o.id, o.question_id, o.is_correct, o.position as option_position, q.position as question_position
      from mcq_questions q join mcq_options o on o.question_id = q.id
      where q.exam_id = ${examId}
    ),
    sheets as materialized (
      select x.chosen, x.total, es.question_order as drawn
      from submissions s
      left join exam_sittings es on es.exam_id = s.exam_id and es.student_id = s.student_id
      cross join lateral (
        select array_agg(a.option_id) as chosen,
          count(*) filter (where a.option_id = any((select array_agg(id) from options where is_correct)::int[])) as total
        from submission_answers a
        where a.submission_id = s.id
      ) x
      where s.exam_id = ${examId}
    ),
    per_option as (
      select option_id, count(*)::int as chosen, sum(s.total)::float8 as chooser_totals
      from sheets s cross join lateral unnest(s.chosen) option_id
      group by option_id
    ),
    per_question as (
      select q.question_id, count(s.total)::int as drawn_by, coalesce(sum(s.total), 0)::float8 as drawn_sum,
        coalesce(sum(s.total * s.total), 0)::float8 as drawn_squares
      from (select distinct question_id from options) q
      left join sheets s on s.drawn is null or s.drawn @> to_jsonb(q.question_id)
      group by q.question_id
    )
    select (select count(*)::int from sheets) as sitters,
      (select coalesce(sum(total), 0)::float8 from sheets) as total_sum,
      (select coalesce(sum(total * total), 0)::float8 from sheets) as total_squares,
      o.question_id, o.id as option_id, o.is_correct, coalesce(c.chosen, 0) as chosen,
      coalesce(c.chooser_totals, 0) as chooser_totals, d.drawn_by, d.drawn_sum, d.drawn_squares
    from options o
    left join per_option c on c.option_id = o.id
    join per_question d on d.question_id = o.question_id
    order by o.question_position, o.question_id, o.option_position, o.id`;
}

/** See itemSumsSql: the exam's sums, grouped by question in the paper's order. */
export async function itemSums(db: DbOrTx, examId: number): Promise<{ paper: PaperSums; items: ItemSums[] }> {
  const result = await db.execute(itemSumsSql(examId));
  const rows = rowsOf<{
    sitters: number;
    total_sum: number;
    total_squares: number;
    question_id: number;
    option_id: number;
    is_correct: boolean;
    chosen: number;
    chooser_totals: number;
    drawn_by: number;
    drawn_sum: number;
    drawn_squares: number;
  }>(result);
  const first = rows[0];
  const items: ItemSums[] = [];
  for (const row of rows) {
    let item = items.at(-1);
    if (item?.questionId !== row.question_id) {
      item = {
        questionId: row.question_id,
        right: 0,
        rightTotals: 0,
        options: [],
        drawn: {
          sitters: Number(row.drawn_by),
          totalSum: Number(row.drawn_sum),
          totalSquares: Number(row.drawn_squares),
        },
      };
      items.push(item);
    }
    const chosen = Number(row.chosen);
    if (row.is_correct) {
      item.right = chosen;
      item.rightTotals = Number(row.chooser_totals);
    }
    item.options.push({ optionId: row.option_id, chosen, isCorrect: row.is_correct });
  }
  // An exam without questions answers no rows: it cannot have been sat (it is published only with questions).
  const paper: PaperSums = {
    sitters: Number(first?.sitters ?? 0),
    totalSum: Number(first?.total_sum ?? 0),
    totalSquares: Number(first?.total_squares ?? 0),
  };
  return { paper, items };
}
