import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { submissionAnswers, submissions } from '../../db/schema.js';

export type SubmissionRow = typeof submissions.$inferSelect;
/** What marking may change on a submission. */
export type MarkValues = Partial<
  Pick<SubmissionRow, 'traditionalScore' | 'gradedAt' | 'instructorFeedback' | 'markedPaperKey'>
>;

/** The submission row, locked until the transaction ends: grades change one at a time. */
export function lockSubmission(tx: DbOrTx, id: number): Promise<SubmissionRow | undefined> {
  return tx
    .select()
    .from(submissions)
    .where(eq(submissions.id, id))
    .for('update')
    .then((rows) => rows[0]);
}

export function updateSubmission(
  tx: DbOrTx,
  id: number,
  values: Partial<Omit<SubmissionRow, 'id' | 'examId' | 'studentId'>>,
): Promise<SubmissionRow> {
  return tx
    .update(submissions)
    .set(values)
    .where(eq(submissions.id, id))
    .returning()
    .then((rows) => rows[0] as SubmissionRow);
}

/** The student's answers: which option (null: none) for each question answered. */
export function answersOf(db: DbOrTx, submissionId: number) {
  return db
    .select({ questionId: submissionAnswers.questionId, optionId: submissionAnswers.optionId })
    .from(submissionAnswers)
    .where(eq(submissionAnswers.submissionId, submissionId))
    .orderBy(asc(submissionAnswers.questionId));
}

/** The student's submission of the exam, locked (a replacement waits for a grade, and the reverse). */
export function lockMine(tx: DbOrTx, examId: number, studentId: number): Promise<SubmissionRow | undefined> {
  return tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.examId, examId), eq(submissions.studentId, studentId)))
    .for('update')
    .then((rows) => rows[0]);
}

/**
 * A new submission, or none when the student has one already (the unique index decides, also when
 * two arrive at once: the second waits for the first to commit and inserts nothing).
 */
export function insertSubmission(
  tx: DbOrTx,
  values: typeof submissions.$inferInsert,
): Promise<SubmissionRow | undefined> {
  return tx
    .insert(submissions)
    .values(values)
    .onConflictDoNothing({ target: [submissions.examId, submissions.studentId] })
    .returning()
    .then((rows) => rows[0]);
}

export async function insertAnswers(
  tx: DbOrTx,
  submissionId: number,
  answers: { questionId: number; optionId: number }[],
) {
  if (answers.length === 0) return;
  await tx.insert(submissionAnswers).values(answers.map((answer) => ({ submissionId, ...answer })));
}

/** Which of these exams the student has a submission of. */
export async function submittedAmong(db: DbOrTx, studentId: number, examIds: number[]): Promise<Set<number>> {
  if (examIds.length === 0) return new Set();
  const rows = await db
    .select({ examId: submissions.examId })
    .from(submissions)
    .where(and(eq(submissions.studentId, studentId), inArray(submissions.examId, examIds)));
  return new Set(rows.map((row) => row.examId));
}

/** Deletes the student's submissions (answers go with them); answers their stored files' keys. */
export async function deleteOfStudent(tx: DbOrTx, studentId: number): Promise<string[]> {
  const rows = await tx
    .delete(submissions)
    .where(eq(submissions.studentId, studentId))
    .returning({ answerKey: submissions.answerKey, markedPaperKey: submissions.markedPaperKey });
  return rows.flatMap((row) => [row.answerKey, row.markedPaperKey]).filter((key): key is string => !!key);
}
