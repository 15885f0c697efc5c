import type { Annotation, ExamType, MarkScheme } from '@valence/contract';
import { and, asc, desc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import {
  accounts,
  courses,
  examScriptCounts,
  exams,
  markingClaims,
  scriptAnnotations,
  submissions,
} from '../../db/schema.js';
import type { ListedRow } from '../submissions/presenter.js';
import { listed } from './reads-submission-list.js';

/**
 * The marking studio's reads across modules: a script's annotations with who saved them, the
 * scripts before and after one in the Submissions list's order (newest first: submitted_at desc,
 * id desc), and the unmarked scripts nobody else holds. The marking module writes its own tables
 * itself; these only read.
 */

/** The script's annotations, when and by whom they were last saved (undefined: never saved). */
export function annotationsWithEditor(
  db: DbOrTx,
  submissionId: number,
): Promise<{ items: Annotation[]; updatedAt: Date; updatedBy: string | null } | undefined> {
  return db
    .select({ items: scriptAnnotations.items, updatedAt: scriptAnnotations.updatedAt, updatedBy: accounts.username })
    .from(scriptAnnotations)
    .leftJoin(accounts, eq(accounts.id, scriptAnnotations.updatedBy))
    .where(eq(scriptAnnotations.submissionId, submissionId))
    .then((rows) => rows[0]);
}

/** The name (else the username) of the staff member who changed a script last; null when unknown. */
export function nameOfStaff(db: DbOrTx, accountId: number | null): Promise<string | null> {
  if (accountId === null) return Promise.resolve(null);
  return db
    .select({ name: sql<string>`coalesce(nullif(trim(${accounts.name}), ''), ${accounts.username})` })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .then((rows) => rows[0]?.name ?? null);
}

/** The script's place in the list, as a row to compare with: (submitted_at, id), or null when unknown. */
const placeOf = (examId: number, id: number) =>
  sql`(select p.submitted_at, p.id from ${submissions} p where p.id = ${id}::int and p.exam_id = ${examId}::int)`;
const place = sql`(${submissions.submittedAt}, ${submissions.id})`;

/** The scripts just before (newer) and just after (older) this one in the list. */
export async function neighbours(db: DbOrTx, examId: number, id: number) {
  const one = (where: SQL, order: SQL[]) =>
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.examId, examId), where))
      .orderBy(...order)
      .limit(1)
      .then((rows) => rows[0]?.id ?? null);
  const [previousId, nextId] = await Promise.all([
    one(sql`${place} > ${placeOf(examId, id)}`, [asc(submissions.submittedAt), asc(submissions.id)]),
    one(sql`${place} < ${placeOf(examId, id)}`, [desc(submissions.submittedAt), desc(submissions.id)]),
  ]);
  return { previousId, nextId };
}

/**
 * The first unmarked script in list order after `after` (from the top when it is not the exam's),
 * wrapping round to the top, that no other tutor holds: unclaimed, its claim expired, or held by
 * this tutor already. Without `after`, the script this tutor holds, else the first from the top.
 */
export function nextUnmarked(db: DbOrTx, examId: number, staffId: number, after?: number): Promise<number | null> {
  // Those after `after` first (a row comparison with no such script is null: none are); without
  // it, the script the tutor already holds (they came back to the studio) before any other.
  const first = after
    ? sql`coalesce(${place} < ${placeOf(examId, after)}, false) desc`
    : sql`coalesce(${markingClaims.staffId} = ${staffId} and ${markingClaims.expiresAt} > now(), false) desc`;
  const order = [first, desc(submissions.submittedAt), desc(submissions.id)];
  return db
    .select({ id: submissions.id })
    .from(submissions)
    .leftJoin(markingClaims, eq(markingClaims.submissionId, submissions.id))
    .where(
      and(
        eq(submissions.examId, examId),
        isNull(submissions.traditionalScore),
        or(
          isNull(markingClaims.submissionId),
          lte(markingClaims.expiresAt, sql`now()`),
          eq(markingClaims.staffId, staffId),
        ),
      ),
    )
    .orderBy(...order)
    .limit(1)
    .then((rows) => rows[0]?.id ?? null);
}

/**
 * Scripts handed in to the exam, and how many of them have a score: from the counts kept beside the
 * exam (exam_script_counts, moved by a trigger at each change's commit), not a count of the class.
 */
export function progress(db: DbOrTx, examId: number): Promise<{ total: number; marked: number }> {
  return db
    .select({
      total: sql<number>`coalesce(sum(${examScriptCounts.submitted}), 0)`.mapWith(Number),
      marked: sql<number>`coalesce(sum(${examScriptCounts.submitted} - ${examScriptCounts.unmarked}), 0)`.mapWith(
        Number,
      ),
    })
    .from(examScriptCounts)
    .where(eq(examScriptCounts.examId, examId))
    .then((rows) => rows[0] ?? { total: 0, marked: 0 });
}

/** What the studio shows of a PART II exam, with its progress from the kept counts. */
export type StudioExam = {
  examId: number;
  examTitle: string;
  examIdentifier: string;
  examType: ExamType;
  contentDeleted: boolean;
  courseTitle: string;
  markScheme: MarkScheme;
  comments: string[];
  total: number;
  marked: number;
};

const examStatement = preparedPer((db) =>
  db
    .select({
      examId: exams.id,
      examTitle: exams.title,
      examIdentifier: exams.examIdentifier,
      examType: exams.examType,
      contentDeleted: exams.contentDeleted,
      courseTitle: courses.title,
      markScheme: exams.markScheme,
      comments: exams.commentBank,
      total:
        sql<number>`(select coalesce(sum(k.submitted), 0) from ${examScriptCounts} k where k.exam_id = ${exams.id})`.mapWith(
          Number,
        ),
      unmarked:
        sql<number>`(select coalesce(sum(k.unmarked), 0) from ${examScriptCounts} k where k.exam_id = ${exams.id})`.mapWith(
          Number,
        ),
    })
    .from(exams)
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('valence_studio_exam'),
);

/** The exam as the studio opens it (exams, courses, exam_script_counts), in one statement; undefined: none. */
export async function studioExam(db: DbOrTx, examId: number): Promise<StudioExam | undefined> {
  const [row] = await examStatement(db).execute({ examId });
  if (!row) return undefined;
  const { unmarked, ...exam } = row;
  return { ...exam, marked: exam.total - unmarked };
}

/** A script as the studio shows it: the listed row, its exam's marking state, its neighbours and annotations. */
export type StudioScriptRow = ListedRow & {
  examIdentifier: string;
  examType: ExamType;
  contentDeleted: boolean;
  previousId: number | null;
  nextId: number | null;
  annotations: { items: Annotation[]; updatedAt: Date; updatedBy: string | null } | undefined;
};

const scriptStatement = preparedPer((db) =>
  db
    .select({
      ...listed,
      examIdentifier: exams.examIdentifier,
      examType: exams.examType,
      contentDeleted: exams.contentDeleted,
      // The neighbours in the Submissions list's order (newest first: submitted_at desc, id desc).
      previousId: sql<
        number | null
      >`(select p.id from ${submissions} p where p.exam_id = ${submissions.examId} and (p.submitted_at, p.id) > (${submissions.submittedAt}, ${submissions.id}) order by p.submitted_at asc, p.id asc limit 1)`,
      nextId: sql<
        number | null
      >`(select p.id from ${submissions} p where p.exam_id = ${submissions.examId} and (p.submitted_at, p.id) < (${submissions.submittedAt}, ${submissions.id}) order by p.submitted_at desc, p.id desc limit 1)`,
      items: scriptAnnotations.items,
      annotatedAt: scriptAnnotations.updatedAt,
      annotatedBy: sql<
        string | null
      >`(select e.username from ${accounts} e where e.id = ${scriptAnnotations.updatedBy})`,
    })
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .leftJoin(scriptAnnotations, eq(scriptAnnotations.submissionId, submissions.id))
    .where(eq(submissions.id, sql.placeholder('id')))
    .prepare('valence_studio_script'),
);

/**
 * One script as the studio opens it, in one statement: the script and its student (submissions,
 * accounts), its exam's marking state (exams), its neighbours in the list, and its annotations with
 * who saved them (script_annotations, accounts). Undefined: no such script.
 */
export async function studioScript(db: DbOrTx, id: number): Promise<StudioScriptRow | undefined> {
  const [row] = await scriptStatement(db).execute({ id });
  if (!row) return undefined;
  const { items, annotatedAt, annotatedBy, ...script } = row;
  return {
    ...script,
    annotations: items && annotatedAt ? { items, updatedAt: annotatedAt, updatedBy: annotatedBy } : undefined,
  };
}
