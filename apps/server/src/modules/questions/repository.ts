import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { countRows, inIds } from '../../db/rows.js';
import { mcqOptions, mcqQuestions } from '../../db/schema.js';

export type QuestionRow = typeof mcqQuestions.$inferSelect;
export type OptionRow = typeof mcqOptions.$inferSelect;
export type QuestionWithOptions = QuestionRow & { options: OptionRow[] };
/** A question as stored: its text (null when none), picture key and options in order. */
export type QuestionValues = {
  questionText: string | null;
  imageKey: string | null;
  options: { optionText: string; isCorrect: boolean }[];
};

export async function countByExam(db: DbOrTx, examIds: number[]): Promise<Map<number, number>> {
  if (examIds.length === 0) return new Map();
  const rows = await questionCounts(db).execute({ examIds });
  return new Map(rows.map((row) => [row.examId, row.count]));
}

// Every exam list asks it: built once (db/prepared.ts), the ids one int[] parameter.
const questionCounts = preparedPer((db) =>
  db
    .select({ examId: mcqQuestions.examId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(mcqQuestions)
    .where(sql`${mcqQuestions.examId} = any(${sql.placeholder('examIds')}::int[])`)
    .groupBy(mcqQuestions.examId)
    .prepare('valence_question_counts'),
);

export function countForExam(db: DbOrTx, examId: number) {
  return countRows(db, mcqQuestions, eq(mcqQuestions.examId, examId));
}

/** The questions with their options, both in position order: two queries whatever the count. */
async function withOptions(db: DbOrTx, questions: QuestionRow[]): Promise<QuestionWithOptions[]> {
  if (questions.length === 0) return [];
  const options = await db
    .select()
    .from(mcqOptions)
    .where(
      inIds(
        mcqOptions.questionId,
        questions.map((question) => question.id),
      ),
    )
    .orderBy(asc(mcqOptions.position), asc(mcqOptions.id));
  const byQuestion = new Map<number, OptionRow[]>();
  for (const option of options) {
    const list = byQuestion.get(option.questionId) ?? [];
    list.push(option);
    byQuestion.set(option.questionId, list);
  }
  return questions.map((question) => ({ ...question, options: byQuestion.get(question.id) ?? [] }));
}

/** Which option of each question is right, and nothing else: what marking a sitting needs. */
export type ChoiceKey = { id: number; options: { id: number; isCorrect: boolean }[] }[];

/**
 * The exam's questions in order, each with its options' ids and correctness, in one statement (the
 * full questions take two and carry every text): read on each draft save and hand-in of exam day.
 */
export async function choiceKey(db: DbOrTx, examId: number): Promise<ChoiceKey> {
  const rows = await db
    .select({ questionId: mcqQuestions.id, optionId: mcqOptions.id, isCorrect: mcqOptions.isCorrect })
    .from(mcqQuestions)
    .leftJoin(mcqOptions, eq(mcqOptions.questionId, mcqQuestions.id))
    .where(eq(mcqQuestions.examId, examId))
    .orderBy(asc(mcqQuestions.position), asc(mcqQuestions.id), asc(mcqOptions.position), asc(mcqOptions.id));
  const key: ChoiceKey = [];
  for (const row of rows) {
    let question = key.at(-1);
    if (question?.id !== row.questionId) {
      question = { id: row.questionId, options: [] };
      key.push(question);
    }
    if (row.optionId !== null) question.options.push({ id: row.optionId, isCorrect: row.isCorrect ?? false });
  }
  return key;
}

export async function listForExam(db: DbOrTx, examId: number): Promise<QuestionWithOptions[]> {
  const questions = await db
    .select()
    .from(mcqQuestions)
    .where(eq(mcqQuestions.examId, examId))
    .orderBy(asc(mcqQuestions.position), asc(mcqQuestions.id));
  return withOptions(db, questions);
}

/** The question, only if it belongs to that exam. */
export async function findQuestion(db: DbOrTx, examId: number, questionId: number) {
  const rows = await db
    .select()
    .from(mcqQuestions)
    .where(and(eq(mcqQuestions.id, questionId), eq(mcqQuestions.examId, examId)));
  return (await withOptions(db, rows))[0];
}

/** Adds the questions after the exam's last, in the order given; answers them as stored. */
export async function insertQuestions(
  tx: DbOrTx,
  examId: number,
  questions: QuestionValues[],
): Promise<QuestionWithOptions[]> {
  const last = await tx
    .select({ position: sql<number | null>`max(${mcqQuestions.position})` })
    .from(mcqQuestions)
    .where(eq(mcqQuestions.examId, examId));
  const start = (last[0]?.position ?? -1) + 1;
  const rows = await tx
    .insert(mcqQuestions)
    .values(
      questions.map((q, i) => ({ examId, questionText: q.questionText, imageKey: q.imageKey, position: start + i })),
    )
    .returning();
  rows.sort((a, b) => a.position - b.position);
  await tx
    .insert(mcqOptions)
    .values(
      rows.flatMap((row, i) =>
        (questions[i]?.options ?? []).map((option, position) => ({ questionId: row.id, ...option, position })),
      ),
    );
  return withOptions(tx, rows);
}

/**
 * New text, picture and options; each option row is updated in place by position, so option ids
 * (which students' answers point to) stay the same.
 */
export async function updateQuestion(tx: DbOrTx, current: QuestionWithOptions, values: QuestionValues) {
  await tx
    .update(mcqQuestions)
    .set({ questionText: values.questionText, imageKey: values.imageKey })
    .where(eq(mcqQuestions.id, current.id));
  for (const [position, option] of values.options.entries()) {
    const existing = current.options[position];
    if (existing) await tx.update(mcqOptions).set(option).where(eq(mcqOptions.id, existing.id));
    else await tx.insert(mcqOptions).values({ questionId: current.id, ...option, position });
  }
  const extra = current.options.slice(values.options.length).map((option) => option.id);
  if (extra.length) await tx.delete(mcqOptions).where(inIds(mcqOptions.id, extra));
  return findQuestion(tx, current.examId, current.id) as Promise<QuestionWithOptions>;
}

export function deleteQuestion(tx: DbOrTx, id: number) {
  return tx.delete(mcqQuestions).where(eq(mcqQuestions.id, id));
}

/** Deletes the exams' questions (options go with them); answers their picture keys. */
export async function deleteForExams(tx: DbOrTx, examIds: number[]): Promise<string[]> {
  if (examIds.length === 0) return [];
  const rows = await tx
    .delete(mcqQuestions)
    .where(inIds(mcqQuestions.examId, examIds))
    .returning({ key: mcqQuestions.imageKey });
  return rows.map((row) => row.key).filter((key): key is string => !!key);
}
