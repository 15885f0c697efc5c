import { and, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedWindows } from '../../db/prepared.js';
import { countOf, countRows, inIds, selectCount } from '../../db/rows.js';
import { examScriptCounts, exams, mcqQuestions, submissionAnswers, submissions } from '../../db/schema.js';
import type { SearchWay } from '../../lib/paging.js';
import { type ExamRow, groupWindow, ofCourse } from './repository.js';

/**
 * Exams with what students handed in: the exam list's script counts, and the counts the exams
 * module's rules ask before a delete or a marks release. Submissions depend on exams, so exams
 * cannot ask the submissions service; these reads join both modules' tables here instead.
 */
export type ExamWithCounts = ExamRow & { submissionCount: number; unmarkedCount: number; questionCount: number };

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

/** An MCQ paper's questions, counted on their exam index (a few dozen an exam): in the same statement as the exam. */
const questionCount = () =>
  sql<number>`(select count(*) from ${mcqQuestions} where ${mcqQuestions}.exam_id = ${exams}.id)`.mapWith(Number);

const withCounts = {
  ...getTableColumns(exams),
  submissionCount: submissionCount(),
  unmarkedCount: unmarkedCount(),
  questionCount: questionCount(),
};

/** Newest first, with their submission counts. */
export function listExams(db: DbOrTx, courseId: number, q: string | undefined): Promise<ExamWithCounts[]> {
  return db.select(withCounts).from(exams).where(ofCourse(courseId, q)).orderBy(desc(exams.createdAt), desc(exams.id));
}

/**
 * The pages of a course's exam groups as prepared statements (placeholders `courseId`, `q`, `limit`,
 * `offset`): the page of identifiers (`groupWindow` in the exams repository) joined to their exams,
 * the group with the newest exam first and newest first inside each. One statement where the page
 * took three (identifiers, their exams, their question counts). `courseTitle` is the courses
 * module's SQL over the `courseId` placeholder; an empty page has no row to carry it or the total.
 */
export function examGroupPages(courseTitle: SQL<string | null>) {
  return preparedWindows('valence_exam_groups', (db, way: SearchWay, reach) => {
    const page = groupWindow(db, way, reach).as('page');
    return db
      .select({ ...withCounts, total: page.total, courseTitle })
      .from(exams)
      .innerJoin(page, eq(exams.examIdentifier, page.identifier))
      .where(eq(exams.courseId, sql.placeholder('courseId')))
      .orderBy(desc(page.newest), desc(page.newestId), desc(exams.createdAt), desc(exams.id));
  });
}

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
