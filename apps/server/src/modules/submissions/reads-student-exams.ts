import type { ExamType } from '@valence/contract';
import { and, asc, eq, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import {
  courses,
  enrollments,
  examOverrides,
  examSittings,
  exams,
  submissionDrafts,
  submissions,
} from '../../db/schema.js';
import { applyOverride } from '../exams/window.js';
import { deadlineSql, type StudentTiming } from './deadline.js';

/**
 * Whether the student is ACTIVE in the exam's course. Spelled out in SQL: in a statement on the exams
 * table alone drizzle writes its columns without the table's name, which inside this subquery would
 * name the enrolment's own column.
 */
const activeIn = (studentId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from enrollments en where en.course_id = "exams"."course_id"
    and en.student_id = ${studentId} and en.status = 'ACTIVE')`;

/** The values of the prepared statements below, filled in on each run. */
const studentParam = sql.placeholder('studentId');
const examParam = sql.placeholder('examId');

/** The student's override of the exam's window (exams module) and their sitting's start and order (submissions). */
type OwnTiming = {
  ownOpensAt: Date | null;
  ownDueDate: Date | null;
  extraMinutes: number | null;
  startedAt: Date | null;
  questionOrder: number[] | null;
  optionOrders: Record<string, number[]> | null;
};

/** One exam of a student's list: the exam, its course's title, how many questions, where they stand. */
export type StudentExamRow = {
  exam: typeof exams.$inferSelect;
  courseTitle: string;
  questionCount: number;
  submittedAt: Date | null;
  hasDraft: boolean;
} & OwnTiming;

/** OwnTiming's columns: the student's override and sitting (joined by `ownOverride`, `ownSitting`). */
const ownTimingFields = {
  ownOpensAt: examOverrides.opensAt,
  ownDueDate: examOverrides.dueDate,
  extraMinutes: examOverrides.extraMinutes,
  startedAt: examSittings.startedAt,
  questionOrder: examSittings.questionOrder,
  optionOrders: examSittings.optionOrders,
};

/**
 * The exam, its course's title and the student's sitting; the statement joins courses, submissions,
 * drafts, the student's override and their sitting (all keyed by exam and student: one row each).
 */
const examSittingFields = {
  exam: getTableColumns(exams),
  courseTitle: courses.title,
  submittedAt: submissions.submittedAt,
  hasDraft: sql<boolean>`(${submissionDrafts.examId} is not null)`,
  ...ownTimingFields,
};

/** The student's timing of the exam from a row carrying the exam and their own columns. */
export function timingOf(row: {
  exam: { opensAt: Date | null; dueDate: Date; timeLimitMinutes: number | null };
  ownOpensAt: Date | null;
  ownDueDate: Date | null;
  extraMinutes: number | null;
  startedAt: Date | null;
}): StudentTiming {
  const override =
    row.ownOpensAt === null && row.ownDueDate === null && row.extraMinutes === null
      ? null
      : { opensAt: row.ownOpensAt, dueDate: row.ownDueDate, extraMinutes: row.extraMinutes };
  return {
    ...applyOverride(row.exam, override),
    timeLimitMinutes: row.exam.timeLimitMinutes,
    startedAt: row.startedAt,
  };
}

/** The joins that bring the student's override, sitting, submission and draft beside each exam. */
const ownOverride = and(eq(examOverrides.examId, exams.id), eq(examOverrides.studentId, studentParam));
const ownSitting = and(eq(examSittings.examId, exams.id), eq(examSittings.studentId, studentParam));
const ownSubmission = and(eq(submissions.examId, exams.id), eq(submissions.studentId, studentParam));
const ownDraft = and(eq(submissionDrafts.examId, exams.id), eq(submissionDrafts.studentId, studentParam));

/** A StudentExamRow's columns: the above and the question count. */
const examRowFields = {
  ...examSittingFields,
  questionCount: sql<number>`case when ${exams.examType} = 'MCQ'
    then (select count(*) from mcq_questions q where q.exam_id = ${exams.id}) else 0 end`.mapWith(Number),
};

/**
 * The students' app's exam list in one statement: the published exams (content still there) of the
 * courses the student is ACTIVE in, soonest due first, each with its course's title, its question
 * count (MCQ; 0 for PART II) and the student's own submission and draft. Five modules' tables
 * (enrolments, exams, courses, questions, submissions), read only; on exam day a whole class opens
 * this list in the same minute, and one round trip each is what keeps that minute short.
 */
export function studentExamList(db: DbOrTx, studentId: number): Promise<StudentExamRow[]> {
  return examList(db).execute({ studentId });
}

const examList = preparedPer((db) =>
  db
    .select(examRowFields)
    .from(enrollments)
    .innerJoin(
      exams,
      and(eq(exams.courseId, enrollments.courseId), eq(exams.published, true), eq(exams.contentDeleted, false)),
    )
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .leftJoin(submissions, ownSubmission)
    .leftJoin(submissionDrafts, ownDraft)
    .leftJoin(examOverrides, ownOverride)
    .leftJoin(examSittings, ownSitting)
    .where(and(eq(enrollments.studentId, studentParam), eq(enrollments.status, 'ACTIVE')))
    .orderBy(asc(exams.dueDate), asc(exams.id))
    .prepare('valence_student_exam_list'),
);

/**
 * One exam as the student would open it, whatever its state, whether they are ACTIVE in its course,
 * their PART II script's key, and whether their submission is marked (a score given).
 */
export type StudentExamAccess = Omit<StudentExamRow, 'questionCount'> & {
  active: boolean;
  answerKey: string | null;
  marked: boolean;
};

/**
 * One exam for one student in one statement: the exam row (published or not: the caller refuses),
 * its course's title, whether the student is ACTIVE in its course, and their submission and draft.
 * Undefined for an unknown exam. The paper a class opens together on exam day; its questions (and
 * so their count) come from the shared paper, not from here.
 */
export async function studentExamAccess(
  db: DbOrTx,
  studentId: number,
  examId: number,
): Promise<StudentExamAccess | undefined> {
  const rows = await examAccess(db).execute({ studentId, examId });
  return rows[0];
}

const examAccess = preparedPer((db) =>
  db
    .select({
      ...examSittingFields,
      active: activeIn(studentParam),
      answerKey: submissions.answerKey,
      marked: sql<boolean>`(${submissions.mcqScore} is not null or ${submissions.traditionalScore} is not null)`,
    })
    .from(exams)
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .leftJoin(submissions, ownSubmission)
    .leftJoin(submissionDrafts, ownDraft)
    .leftJoin(examOverrides, ownOverride)
    .leftJoin(examSittings, ownSitting)
    .where(eq(exams.id, examParam))
    .prepare('valence_student_exam_access'),
);

/**
 * The exam row, whether the student is ACTIVE in its course, and their own timing (override,
 * sitting's start), in one statement: the check before each draft save and hand-in (undefined for
 * an unknown exam).
 */
export async function examWithEnrolment(
  db: DbOrTx,
  studentId: number,
  examId: number,
): Promise<({ exam: typeof exams.$inferSelect; active: boolean } & OwnTiming) | undefined> {
  const rows = await examEnrolment(db).execute({ studentId, examId });
  return rows[0];
}

const examEnrolment = preparedPer((db) =>
  db
    .select({
      exam: getTableColumns(exams),
      active: activeIn(studentParam),
      ...ownTimingFields,
    })
    .from(exams)
    .leftJoin(examOverrides, ownOverride)
    .leftJoin(examSittings, ownSitting)
    .where(eq(exams.id, examParam))
    .prepare('valence_exam_enrolment'),
);

/**
 * The student's timing of the exam (its window and limit, their override and sitting's start) in
 * one statement, read inside a hand-in's transaction; undefined for an unknown exam.
 */
export async function studentTiming(db: DbOrTx, examId: number, studentId: number): Promise<StudentTiming | undefined> {
  const rows = await db
    .select({
      exam: { opensAt: exams.opensAt, dueDate: exams.dueDate, timeLimitMinutes: exams.timeLimitMinutes },
      ownOpensAt: examOverrides.opensAt,
      ownDueDate: examOverrides.dueDate,
      extraMinutes: examOverrides.extraMinutes,
      startedAt: examSittings.startedAt,
    })
    .from(exams)
    .leftJoin(examOverrides, and(eq(examOverrides.examId, exams.id), eq(examOverrides.studentId, studentId)))
    .leftJoin(examSittings, and(eq(examSittings.examId, exams.id), eq(examSittings.studentId, studentId)))
    .where(eq(exams.id, examId));
  return rows[0] ? timingOf(rows[0]) : undefined;
}

/**
 * True while the student may answer the exam this way at `now`: it is published with its content,
 * of this type, open to them (their opening passed), a timed one started, before their deadline,
 * and the student is ACTIVE in its course. The same rule the service checks on
 * `examWithEnrolment`'s row (`answerRefusal`), as a condition a write embeds, so a draft save checks
 * and writes in one statement; the service reads the exam to say why only when the write is refused.
 */
export function answerableBy(studentId: number, examId: number, examType: ExamType, now: Date): SQL<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<boolean>`exists (select 1 from exams e
    left join exam_overrides o on o.exam_id = e.id and o.student_id = ${studentId}::int
    left join exam_sittings si on si.exam_id = e.id and si.student_id = ${studentId}::int
    where e.id = ${examId}::int and e.published
    and not e.content_deleted and e.exam_type = ${examType}
    and coalesce(o.opens_at, e.opens_at, ${at}) <= ${at}
    and (e.time_limit_minutes is null or si.started_at is not null)
    and ${deadlineSql} > ${at}
    and exists (select 1 from enrollments en where en.course_id = e.course_id
      and en.student_id = ${studentId}::int and en.status = 'ACTIVE'))`;
}
