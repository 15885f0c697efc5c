import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inIds, rowsOf } from '../../db/rows.js';
import { submissionAnswers, submissionDrafts, submissions } from '../../db/schema.js';

export type SubmissionRow = typeof submissions.$inferSelect;
/** What marking may change on a submission. */
export type MarkValues = Partial<
  Pick<SubmissionRow, 'traditionalScore' | 'gradedAt' | 'instructorFeedback' | 'markedPaperKey' | 'questionMarks'>
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

/** The columns a change by staff sets: the next version, who and when (the statement's time). */
export const changedBy = (staffId: number) => ({
  version: sql`${submissions.version} + 1`,
  changedBy: staffId,
  changedAt: sql`now()`,
});

export function updateSubmission(
  tx: DbOrTx,
  id: number,
  values: { [K in keyof Omit<SubmissionRow, 'id' | 'examId' | 'studentId'>]?: SubmissionRow[K] | SQL },
): Promise<SubmissionRow> {
  return tx
    .update(submissions)
    .set(values)
    .where(eq(submissions.id, id))
    .returning()
    .then((rows) => rows[0] as SubmissionRow);
}

/**
 * The same change, made only while the submission is still at `version` (no one changed it since it
 * was read): answers the changed row, or undefined when it moved on (or is gone).
 */
export function updateSubmissionAt(
  tx: DbOrTx,
  id: number,
  version: number,
  values: { [K in keyof Omit<SubmissionRow, 'id' | 'examId' | 'studentId'>]?: SubmissionRow[K] | SQL },
): Promise<SubmissionRow | undefined> {
  return tx
    .update(submissions)
    .set(values)
    .where(and(eq(submissions.id, id), eq(submissions.version, version)))
    .returning()
    .then((rows) => rows[0]);
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

/** Deletes the student's submissions (answers go with them); answers their stored files' keys. */
export async function deleteOfStudent(tx: DbOrTx, studentId: number): Promise<string[]> {
  const rows = await tx
    .delete(submissions)
    .where(eq(submissions.studentId, studentId))
    .returning({ answerKey: submissions.answerKey, markedPaperKey: submissions.markedPaperKey });
  return rows.flatMap((row) => [row.answerKey, row.markedPaperKey]).filter((key): key is string => !!key);
}

/** A saved MCQ sitting: the student's choices so far and the app's save counter. */
export type DraftRow = {
  examId: number;
  answers: { questionId: number; optionId: number }[];
  revision: number;
  updatedAt: Date;
};

/**
 * Saves the student's choices in one statement: a new draft, or the stored one replaced unless it
 * carries a newer revision (then nothing changes). Without a revision the save always wins and the
 * counter goes up by one. Nothing is written unless `admission` (the caller's condition: may this
 * student answer this exam now) holds, nor once the student has a submission of the exam, so a save
 * racing the hand-in cannot bring a sitting back. `answersJson` is stored as given. Answers the
 * saved revision and time (the answers are `answersJson`), or undefined when nothing was written
 * (refused, a newer revision is stored, or the exam is submitted).
 */
export async function saveDraft(
  db: DbOrTx,
  values: { examId: number; studentId: number; answersJson: string; revision: number | undefined },
  admission: SQL<boolean>,
): Promise<{ revision: number; updatedAt: Date } | undefined> {
  const revision = sql`cast(${values.revision ?? null} as integer)`;
  const result = await db.execute(sql`
    insert into submission_drafts as d (exam_id, student_id, answers, revision)
    select ${values.examId}::int, ${values.studentId}::int, ${values.answersJson}::jsonb, coalesce(${revision}, 0)
    where ${admission} and not exists (
      select 1 from submissions s where s.exam_id = ${values.examId}::int and s.student_id = ${values.studentId}::int
    )
    on conflict (exam_id, student_id) do update set
      answers = excluded.answers,
      revision = coalesce(${revision}, least(d.revision::bigint + 1, 2147483647)::int),
      updated_at = now()
    where ${revision} is null or d.revision <= ${revision}
    returning revision, updated_at`);
  const row = rowsOf(result)[0];
  // The pg driver and PGlite both parse timestamptz, but a raw statement's types are not drizzle's.
  return row ? { revision: Number(row.revision), updatedAt: new Date(row.updated_at as string | Date) } : undefined;
}

/** The student's draft of the exam, unless the exam is submitted already (then the draft is only a leftover). */
export function findDraft(db: DbOrTx, examId: number, studentId: number): Promise<DraftRow | undefined> {
  return db
    .select({
      examId: submissionDrafts.examId,
      answers: submissionDrafts.answers,
      revision: submissionDrafts.revision,
      updatedAt: submissionDrafts.updatedAt,
    })
    .from(submissionDrafts)
    .where(
      and(
        eq(submissionDrafts.examId, examId),
        eq(submissionDrafts.studentId, studentId),
        sql`not exists (select 1 from ${submissions} where ${submissions.examId} = ${examId} and ${submissions.studentId} = ${studentId})`,
      ),
    )
    .then((rows) => rows[0]);
}

/**
 * Takes the student's draft of the exam away and answers its choices, or undefined when there is
 * none. The row lock makes this the claim: of two servers handing the same draft in, the second
 * waits for the first to commit and then finds nothing.
 */
export function takeDraft(tx: DbOrTx, examId: number, studentId: number) {
  return tx
    .delete(submissionDrafts)
    .where(and(eq(submissionDrafts.examId, examId), eq(submissionDrafts.studentId, studentId)))
    .returning({ answers: submissionDrafts.answers })
    .then((rows) => rows[0]);
}

/** Where the student stands in each of these exams: their submission's time, and whether a draft is saved. */
export type Sitting = { submittedAt: Date | null; hasDraft: boolean };

/** The student's submissions and drafts among these exams, in one statement. */
export async function sittingsOf(db: DbOrTx, studentId: number, examIds: number[]): Promise<Map<number, Sitting>> {
  const sittings = new Map<number, Sitting>();
  if (examIds.length === 0) return sittings;
  const rows = await db
    .select({
      examId: submissions.examId,
      submittedAt: submissions.submittedAt,
      draft: sql<boolean>`false`,
    })
    .from(submissions)
    .where(and(eq(submissions.studentId, studentId), inIds(submissions.examId, examIds)))
    .unionAll(
      db
        .select({
          examId: submissionDrafts.examId,
          // A draft has no time; the union takes the column's type (and decoding) from the first part.
          submittedAt: sql<Date>`null`,
          draft: sql<boolean>`true`,
        })
        .from(submissionDrafts)
        .where(and(eq(submissionDrafts.studentId, studentId), inIds(submissionDrafts.examId, examIds))),
    );
  for (const row of rows) {
    const sitting = sittings.get(row.examId) ?? { submittedAt: null, hasDraft: false };
    if (row.draft) sitting.hasDraft = true;
    else sitting.submittedAt = row.submittedAt;
    sittings.set(row.examId, sitting);
  }
  return sittings;
}

/** A scored MCQ hand-in as a re-score reads it: its answers and the questions its sitting drew. */
export type McqSheet = {
  id: number;
  studentId: number;
  mcqScore: number;
  answers: { questionId: number; optionId: number | null }[];
  questionOrder: number[] | null;
};

/**
 * Every scored hand-in of the exam with its answers and its sitting's drawn questions, locked
 * until the transaction ends (a re-score and a grade do not cross). One statement.
 */
export async function lockMcqSheets(tx: DbOrTx, examId: number): Promise<McqSheet[]> {
  const result = await tx.execute(sql`
    select s.id, s.student_id, s.mcq_score, es.question_order,
      coalesce((select json_agg(json_build_object('questionId', a.question_id, 'optionId', a.option_id))
        from submission_answers a where a.submission_id = s.id), '[]'::json) as answers
    from submissions s
    left join exam_sittings es on es.exam_id = s.exam_id and es.student_id = s.student_id
    where s.exam_id = ${examId}::int and s.mcq_score is not null
    order by s.id
    for update of s`);
  return rowsOf(result).map((row) => ({
    id: Number(row.id),
    studentId: Number(row.student_id),
    mcqScore: Number(row.mcq_score),
    answers: (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) as McqSheet['answers'],
    questionOrder: (typeof row.question_order === 'string' ? JSON.parse(row.question_order) : row.question_order) as
      | number[]
      | null,
  }));
}
