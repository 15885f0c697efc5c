import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countOf, selectCount } from '../../db/rows.js';
import { accounts, examScriptCounts, submissions } from '../../db/schema.js';
import { contains, totalOf } from '../../lib/paging.js';

/**
 * An exam's submissions as staff list them: each with its student's name and username, searched by
 * them, read by join so a page stays one statement.
 */

/** A submission with who made it: the account's name (else its username) and username. */
export type ListedRow = typeof submissions.$inferSelect & { studentName: string; username: string };

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
  questionMarks: submissions.questionMarks,
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

/**
 * Unsearched, the exam's count is the one kept beside it (exam_script_counts, a few rows whatever
 * the class's size); a search counts its matches.
 */
function countQuery(db: DbOrTx, examId: number, q: string | undefined) {
  if (!q) {
    return db
      .select({ count: sql<number>`coalesce(sum(${examScriptCounts.submitted}), 0)`.mapWith(Number) })
      .from(examScriptCounts)
      .where(eq(examScriptCounts.examId, examId));
  }
  return selectCount(db, submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(ofExam(examId, q));
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
