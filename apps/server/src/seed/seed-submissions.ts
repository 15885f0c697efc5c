import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { mcqOptions, mcqQuestions, submissionAnswers, submissions } from '../db/schema.js';
import { QUESTIONS_PER_PAPER } from './plan.js';
import type { DemoSubmission } from './plan-submissions.js';
import type { TermExamIds } from './seed-exams.js';

/** Rows per INSERT of values (nine columns): well under PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 4000;

/**
 * The demo's term-test submissions, of both terms, `answerKeys[i]` the stored script of
 * `planned[i]` (null for MCQ papers and scripts without a file). Each batch of MCQ submissions gets its answers in one INSERT … SELECT
 * over the stored questions (the choice is `answered` and the arithmetic below, from the
 * submission's seed and ability), then its mark from those answers: 50 × right ÷ questions.
 */
export async function insertSubmissions(
  tx: Tx,
  planned: DemoSubmission[],
  answerKeys: (string | null)[],
  studentIds: number[],
  examIds: TermExamIds[],
  report: (done: number) => void,
) {
  const examOf = (s: DemoSubmission) => {
    const term = examIds[s.term - 1] as TermExamIds;
    return (s.kind === 'MCQ' ? term.mcq : term.partTwo)[s.course] as number;
  };
  for (let from = 0; from < planned.length; from += BATCH_ROWS) {
    const batch = planned.slice(from, from + BATCH_ROWS);
    const rows = await tx
      .insert(submissions)
      .values(
        batch.map((s, index) => ({
          examId: examOf(s),
          studentId: studentIds[s.student] as number,
          submittedAt: s.at,
          answerKey: answerKeys[from + index] ?? null,
          traditionalScore: s.score,
          instructorFeedback: s.feedback,
          // An MCQ paper is marked when it comes in.
          gradedAt: s.kind === 'MCQ' ? s.at : s.gradedAt,
        })),
      )
      .returning({ id: submissions.id, examId: submissions.examId, studentId: submissions.studentId });
    const byKey = new Map(rows.map((row) => [`${row.examId} ${row.studentId}`, row.id]));
    const mcq = batch
      .filter((s) => s.kind === 'MCQ')
      .map((s) => ({ ...s, id: byKey.get(`${examOf(s)} ${studentIds[s.student]}`) as number }));
    if (mcq.length > 0) await answerAndMark(tx, mcq);
    report(from + batch.length);
  }
}

async function answerAndMark(tx: Tx, batch: (DemoSubmission & { id: number })[]) {
  const list = (values: number[]) => `{${values.join(',')}}`;
  const ids = list(batch.map((s) => s.id));
  const q = sql.identifier;
  // One statement: the chosen options, written as answers, and counted into the mark.
  await tx.execute(sql`
    with chosen as (
      select u.id as submission_id, question.id as question_id, option.id as option_id, option.is_correct as right_answer
      from unnest(${ids}::int[], ${list(batch.map((s) => s.seed))}::int[], ${list(batch.map((s) => s.ability))}::int[])
        as u(id, seed, ability)
      join ${submissions} s on s.id = u.id
      join ${mcqQuestions} question on question.exam_id = s.exam_id
      join ${mcqOptions} correct on correct.question_id = question.id and correct.is_correct
      join ${mcqOptions} option on option.question_id = question.id and option.position =
        case when (u.seed * 7 + question.position * 11) % 100 < u.ability then correct.position
             else (correct.position + 1 + (u.seed + question.position) % 4) % 5 end
      where (u.seed * 13 + question.position * 7) % 20 <> 0
    ), written as (
      insert into ${submissionAnswers} (${q(submissionAnswers.submissionId.name)}, ${q(submissionAnswers.questionId.name)}, ${q(submissionAnswers.optionId.name)})
      select submission_id, question_id, option_id from chosen
    )
    update ${submissions} s set mcq_score = coalesce(marked.right_answers, 0) * 50.0 / ${QUESTIONS_PER_PAPER}
    from unnest(${ids}::int[]) as u(id)
    left join (
      select submission_id, count(*) filter (where right_answer) as right_answers from chosen group by submission_id
    ) marked on marked.submission_id = u.id
    where s.id = u.id`);
}
