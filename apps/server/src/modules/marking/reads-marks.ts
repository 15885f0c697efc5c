import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { courses, examOverrides, exams, submissions } from '../../db/schema.js';

/**
 * A student's marks: their submissions read with the exams they answer (and each exam's course title, shown
 * beside its code), grouped by identifier, in
 * one statement for the marks summary and the score lookups (the marks module's calls).
 */

/** An exam under an identifier, with the student's submission of it (null when none). */
export type IdentifierRow = {
  exam: {
    id: number;
    title: string;
    examType: 'MCQ' | 'TRADITIONAL';
    published: boolean;
    gradesPublished: boolean;
    contentDeleted: boolean;
    examIdentifier: string;
    courseTitle: string;
    /** When the student may see their MCQ's feedback: with the mark, after their close, or never. */
    reviewAfter: 'never' | 'after-close' | 'with-marks';
    /** The student's own close: their override's due date, else the exam's. */
    closesAt: Date;
  };
  submission: typeof submissions.$inferSelect | null;
};

/** An `IdentifierRow`'s columns: the exam's and the student's submission's. */
const identifierColumns = () => ({
  exam: {
    id: exams.id,
    title: exams.title,
    examType: exams.examType,
    published: exams.published,
    gradesPublished: exams.gradesPublished,
    contentDeleted: exams.contentDeleted,
    examIdentifier: exams.examIdentifier,
    courseTitle: courses.title,
    reviewAfter: exams.reviewAfter,
    closesAt: sql<Date>`coalesce(${examOverrides.dueDate}, ${exams.dueDate})`.mapWith(exams.dueDate),
  },
  submission: getTableColumns(submissions),
});

/**
 * Every exam under the identifier with the student's submission of it: first those the student
 * submitted, then those whose content is still there, then the newest. The first of each type is
 * the one that counts (an identifier has one live exam of each type; deleted ones linger).
 */
export function examsUnderIdentifier(db: DbOrTx, studentId: number, identifier: string): Promise<IdentifierRow[]> {
  return withOwnSubmission(db, studentId)
    .where(eq(exams.examIdentifier, identifier))
    .orderBy(...countingFirst);
}

/** Exams with their course, and the student's submission and override of each (null when none). */
function withOwnSubmission(db: DbOrTx, studentId: number) {
  return db
    .select(identifierColumns())
    .from(exams)
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .leftJoin(submissions, and(eq(submissions.examId, exams.id), eq(submissions.studentId, studentId)))
    .leftJoin(examOverrides, and(eq(examOverrides.examId, exams.id), eq(examOverrides.studentId, studentId)));
}

/** Within one identifier: those the student submitted, then those whose content is there, then the newest. */
const countingFirst = [desc(sql`${submissions.id} is not null`), asc(exams.contentDeleted), desc(exams.id)];

/**
 * One row per identifier the student has a submission under, the most recently submitted first:
 * the MCQ and PART II scores in one grouped query. `publishedOnly` hides what students may not see
 * yet (an MCQ score until its exam is published, a PART II score until its marks are).
 */
export function scoreRows(db: DbOrTx, studentId: number, publishedOnly: boolean) {
  const mcqVisible = publishedOnly ? sql` and ${exams.published}` : sql``;
  const partTwoVisible = publishedOnly ? sql` and ${exams.gradesPublished}` : sql``;
  return db
    .select({
      examIdentifier: exams.examIdentifier,
      courseTitle: sql<string | null>`string_agg(distinct ${courses.title}, ', ')`,
      mcqScore: sql<
        number | null
      >`max(${submissions.mcqScore}) filter (where ${exams.examType} = 'MCQ'${mcqVisible})`.mapWith(Number),
      traditionalScore: sql<
        number | null
      >`max(${submissions.traditionalScore}) filter (where ${exams.examType} = 'TRADITIONAL'${partTwoVisible})`.mapWith(
        Number,
      ),
    })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .where(eq(submissions.studentId, studentId))
    .groupBy(exams.examIdentifier)
    .orderBy(desc(sql`max(${submissions.submittedAt})`), asc(exams.examIdentifier));
}

/**
 * Every exam under each identifier the student has a submission under, with the student's
 * submission of it (null when none), in one statement for the student's own marks page: grouped by
 * identifier, and within one in `examsUnderIdentifier`'s order (the first of each type counts).
 */
export function examsUnderMyIdentifiers(db: DbOrTx, studentId: number): Promise<IdentifierRow[]> {
  const mine = db
    .selectDistinct({ identifier: exams.examIdentifier })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .where(eq(submissions.studentId, studentId));
  return withOwnSubmission(db, studentId)
    .where(inArray(exams.examIdentifier, mine))
    .orderBy(asc(exams.examIdentifier), ...countingFirst);
}
