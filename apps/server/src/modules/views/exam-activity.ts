import { and, desc, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { countOf, countRows, inIds, selectCount } from '../../db/rows.js';
import { examScriptCounts, exams, submissionAnswers, submissions } from '../../db/schema.js';
import { type ExamRow, ofCourse } from '../exams/repository.js';

/**
 * Exams with what students handed in: the exam list's script counts, and the counts the exams
 * module's rules ask before a delete or a marks release. Submissions depend on exams, so exams
 * cannot ask the submissions service; these reads join both modules' tables here instead.
 */
export type ExamWithCounts = ExamRow & { submissionCount: number; unmarkedCount: number };

// Kept per exam by a trigger on submissions (exam_script_counts): a few rows an exam, however large
// its class. Written out qualified: drizzle leaves columns unqualified in a one-table select.
const keptCount = (column: 'submitted' | 'unmarked') =>
  sql<number>`(select coalesce(sum(${sql.raw(column)}), 0) from ${examScriptCounts} where ${examScriptCounts}.exam_id = ${exams}.id)`.mapWith(
    Number,
  );

/** Every script of the exam. */
const submissionCount = () => keptCount('submitted');

/** PART II scripts without a score; an MCQ exam's submissions are marked when they come. */
const unmarkedCount = () => keptCount('unmarked');

const withCounts = { ...getTableColumns(exams), submissionCount: submissionCount(), unmarkedCount: unmarkedCount() };

/** Newest first, with their submission counts. */
export function listExams(db: DbOrTx, courseId: number, q: string | undefined): Promise<ExamWithCounts[]> {
  return db.select(withCounts).from(exams).where(ofCourse(courseId, q)).orderBy(desc(exams.createdAt), desc(exams.id));
}

/** Every exam of the course under these identifiers, newest first. */
export function examsOfGroups(db: DbOrTx, courseId: number, identifiers: string[]): Promise<ExamWithCounts[]> {
  return examsOfGroupsStatement(db).execute({ courseId, identifiers });
}

// The identifiers as one text[] parameter: one statement whatever the page's size.
const examsOfGroupsStatement = preparedPer((db) =>
  db
    .select(withCounts)
    .from(exams)
    .where(
      and(
        eq(exams.courseId, sql.placeholder('courseId')),
        sql`${exams.examIdentifier} = any(${sql.placeholder('identifiers')}::text[])`,
      ),
    )
    .orderBy(desc(exams.createdAt), desc(exams.id))
    .prepare('valence_exams_of_groups'),
);

export function findExam(db: DbOrTx, id: number): Promise<ExamWithCounts | undefined> {
  return db
    .select(withCounts)
    .from(exams)
    .where(eq(exams.id, id))
    .then((rows) => rows[0]);
}

/**
 * Scripts of an exam (`unmarked`: those without a PART II score yet; `questionMarks`: those marked
 * question by question), or of a student.
 */
export function countSubmissions(
  db: DbOrTx,
  of: { examId: number; unmarked?: boolean; questionMarks?: boolean } | { studentId: number },
) {
  if ('studentId' in of) return countRows(db, submissions, eq(submissions.studentId, of.studentId));
  const unmarked = of.unmarked ? isNull(submissions.traditionalScore) : undefined;
  const perQuestion = of.questionMarks ? isNotNull(submissions.questionMarks) : undefined;
  return countRows(db, submissions, and(eq(submissions.examId, of.examId), unmarked, perQuestion));
}

/** Which of these questions some student has answered. */
export async function answeredAmong(db: DbOrTx, questionIds: number[]): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: submissionAnswers.questionId })
    .from(submissionAnswers)
    .where(inIds(submissionAnswers.questionId, questionIds));
  return new Set(rows.map((row) => row.id));
}

export function countSubmissionsOfCourse(db: DbOrTx, courseId: number) {
  return countOf(
    selectCount(db, submissions).innerJoin(exams, eq(exams.id, submissions.examId)).where(eq(exams.courseId, courseId)),
  );
}
