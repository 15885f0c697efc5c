import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countOf, selectCount } from '../../db/rows.js';
import { accounts, submissionAnswers, submissions } from '../../db/schema.js';
import { contains, totalOf } from '../../lib/paging.js';

export type SubmissionRow = typeof submissions.$inferSelect;
/** A submission with who made it: the account's name (else its username) and username. */
export type ListedRow = SubmissionRow & { studentName: string; username: string };

const MAX_ID = 2_147_483_647;

const listed = {
  id: submissions.id,
  examId: submissions.examId,
  studentId: submissions.studentId,
  submittedAt: submissions.submittedAt,
  answerKey: submissions.answerKey,
  mcqScore: submissions.mcqScore,
  traditionalScore: submissions.traditionalScore,
  instructorFeedback: submissions.instructorFeedback,
  gradedAt: submissions.gradedAt,
  markedPaperKey: submissions.markedPaperKey,
  studentName: sql<string>`coalesce(nullif(trim(${accounts.name}), ''), ${accounts.username})`,
  username: accounts.username,
};

/** The exam's submissions whose student's name or username contains `q`, or whose id is `q`. */
function ofExam(examId: number, q: string | undefined) {
  if (!q) return eq(submissions.examId, examId);
  const id = /^\d{1,10}$/.test(q) && Number(q) <= MAX_ID ? Number(q) : undefined;
  return and(
    eq(submissions.examId, examId),
    or(
      contains(accounts.usernameLower, q),
      contains(accounts.nameLower, q),
      id === undefined ? undefined : eq(submissions.studentId, id),
    ),
  );
}

/**
 * One page of the exam's submissions, newest first, read off the (exam, submitted) index, each row
 * carrying the total (`totalOf`: `count(*) over ()` would join and sort every script of a
 * 7,000-student exam for each page of six) and the exam's identifier: one round trip a page.
 */
export function pageOfExam(
  db: DbOrTx,
  exam: { id: number; identifier: SQL<string | null> },
  q: string | undefined,
  window: { limit: number; offset: number },
): Promise<(ListedRow & { total: number; examIdentifier: string | null })[]> {
  const examId = exam.id;
  return db
    .select({
      ...listed,
      total: totalOf(countQuery(db, examId, q)),
      examIdentifier: exam.identifier,
    })
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(ofExam(examId, q))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** Unsearched, the count reads the (exam, student) index alone, without joining the accounts. */
function countQuery(db: DbOrTx, examId: number, q: string | undefined) {
  const count = selectCount(db, submissions);
  return q
    ? count.innerJoin(accounts, eq(accounts.id, submissions.studentId)).where(ofExam(examId, q))
    : count.where(ofExam(examId, q));
}

export function countOfExam(db: DbOrTx, examId: number, q: string | undefined): Promise<number> {
  return countOf(countQuery(db, examId, q));
}

export function findListed(db: DbOrTx, id: number): Promise<ListedRow | undefined> {
  return db
    .select(listed)
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(eq(submissions.id, id))
    .then((rows) => rows[0]);
}

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
