import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { examSittings } from '../../db/schema.js';
import type { ChoiceKey } from '../questions/service.js';
import { drawSittingOrder, drawsOrder, type OrderSettings, type RandomInt } from './sitting-order.js';

export type SittingRow = typeof examSittings.$inferSelect;

/** The student's sitting of the exam, if it has begun. */
export function findSitting(db: DbOrTx, examId: number, studentId: number): Promise<SittingRow | undefined> {
  return db
    .select()
    .from(examSittings)
    .where(and(eq(examSittings.examId, examId), eq(examSittings.studentId, studentId)))
    .then((rows) => rows[0]);
}

/**
 * The student's sitting of the exam, begun now (`startedAt`) unless it already was: the one place a
 * sitting is made, for an explicit start (a timed exam) and for the first read of an untimed exam
 * that shuffles or pools. Its paper (`drawSittingOrder`) is drawn from `key` (the exam's questions
 * and options in the paper's order) only when the exam's settings ask for one, and then never again:
 * of two first reads at once, the unique index keeps the first row and the second reads it back, so
 * a reload or another device always shows the same paper.
 */
export async function ensureSitting(
  db: DbOrTx,
  exam: { id: number } & OrderSettings,
  studentId: number,
  key: ChoiceKey,
  startedAt: Date,
  random?: RandomInt,
): Promise<SittingRow> {
  const order = drawsOrder(exam)
    ? drawSittingOrder(
        key.map((question) => question.id),
        Object.fromEntries(key.map((question) => [question.id, question.options.map((option) => option.id)])),
        exam,
        random,
      )
    : { questionOrder: null, optionOrders: null };
  const inserted = await db
    .insert(examSittings)
    .values({ examId: exam.id, studentId, startedAt, ...order })
    .onConflictDoNothing({ target: [examSittings.examId, examSittings.studentId] })
    .returning()
    .then((rows) => rows[0]);
  return inserted ?? ((await findSitting(db, exam.id, studentId)) as SittingRow);
}

/**
 * The questions a sitting may answer, when it drew some (a pool or a shuffle); undefined: the whole
 * paper. A question added to the paper after the draw is not among them: the student never saw it.
 */
export const drawnQuestions = (sitting: Pick<SittingRow, 'questionOrder'> | undefined): Set<number> | undefined =>
  sitting?.questionOrder ? new Set(sitting.questionOrder) : undefined;

/**
 * True unless the student's sitting drew its questions and `questionIds` names one it did not: the
 * condition a draft save embeds, so the save stays one statement (the service says why only when
 * nothing was written).
 */
export function drawnCover(examId: number, studentId: number, questionIds: number[]): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from exam_sittings es where es.exam_id = ${examId}::int
    and es.student_id = ${studentId}::int and es.question_order is not null
    and not es.question_order @> ${JSON.stringify(questionIds)}::jsonb)`;
}
