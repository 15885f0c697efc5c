import { count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  accounts,
  auditLog,
  courseEnrollmentCounts,
  courses,
  enrollments,
  examScriptCounts,
  exams,
  markingClaims,
  resources,
  scriptAnnotations,
  submissionAnswers,
  submissions,
  watchTime,
} from '../db/schema.js';
import { audit } from '../lib/audit.js';
import { generateDemo } from './generate.js';
import { type DemoCounts, demoPlan } from './plan.js';
import { type DemoSubmission, planSubmissions, type SubmissionCounts } from './plan-submissions.js';
import { insertExams } from './seed-exams.js';
import { insertCourses, insertEnrollments, insertStudents, insertWatchRecords } from './seed-insert.js';
import { insertSubmissions } from './seed-submissions.js';
import { TERM_TESTS, termTestIdentifier } from './term-tests.js';

/** Written to the audit log by every seed: how a later run tells demo data from real data. */
export const SEED_ACTION = 'demo.seed';

/** Everything a seed writes: the scale's plan and the term tests' submissions planned from its data. */
export type SeedCounts = DemoCounts & SubmissionCounts;

/** The exact counts of a seed at `scale`. */
export function seedPlan(scale: number): SeedCounts {
  return { ...demoPlan(scale), ...planSubmissions(generateDemo(scale)).counts };
}

export type SeedProgress = { phase: keyof SeedCounts; done: number; total: number };

export type SeedOptions = {
  scale: number;
  /** One hash for every demo student: hashing each of 20,000 students' passwords would take minutes. */
  passwordHash: string;
  /** Delete the demo data of an earlier run first (students, courses and all that hangs on them). */
  reset?: boolean;
  onProgress?: (progress: SeedProgress) => void;
};

export type SeedResult = {
  counts: SeedCounts;
  /** A demo student with only active enrolments, to print how to sign in. */
  sampleStudent: string;
  /** An exam identifier under which that student has an MCQ mark and a published PART II mark. */
  sampleIdentifier: string | null;
  /** Counts deleted by --reset, if any. */
  deleted: { students: number; courses: number } | null;
};

/** The seed declines to run; the message says why and what to do. */
export class SeedRefused extends Error {}

/**
 * Fills the database with a demo class at `scale` (see plan.ts), in one transaction: a run that
 * fails or is refused leaves the database as it was, so running again is always safe.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const data = generateDemo(options.scale);
  const planned = planSubmissions(data);
  const counts: SeedCounts = { ...demoPlan(options.scale), ...planned.counts };
  return db.transaction(async (tx) => {
    const deleted = await clearForSeed(tx, options.reset ?? false);
    const report = (phase: keyof SeedCounts, done: number) =>
      options.onProgress?.({ phase, done, total: counts[phase] });

    const studentIds = await insertStudents(tx, data, options.passwordHash, (done) => report('students', done));
    const { courseIds, lessonIds } = await insertCourses(tx, data, report);
    const examIds = await insertExams(tx, data.courses, courseIds, options.scale, report);
    await insertEnrollments(tx, data, studentIds, courseIds, (done) => report('enrollments', done));
    await insertWatchRecords(tx, data, studentIds, lessonIds, counts.watchRecords, (done) =>
      report('watchRecords', done),
    );
    await insertSubmissions(tx, planned.submissions, studentIds, examIds, (done) => report('submissions', done));
    await audit(tx, null, SEED_ACTION, 'database', { scale: options.scale, ...counts });
    const sample = sampleOf(data, planned.submissions);
    return { counts, ...sample, deleted };
  });
}

/**
 * A student with only active enrolments to sign in as, preferring one whose term test shows both
 * marks (an MCQ mark and a published PART II mark), and that identifier.
 */
function sampleOf(data: ReturnType<typeof generateDemo>, planned: DemoSubmission[]) {
  const allActive = (student: number) => data.students[student]?.enrollments.every((e) => e.status === 'ACTIVE');
  const key = (s: DemoSubmission) => `${s.student} ${s.course} ${s.term}`;
  const mcq = new Set(planned.filter((s) => s.kind === 'MCQ').map(key));
  const both = planned.find(
    (s) =>
      s.kind === 'TRADITIONAL' &&
      s.score !== null &&
      TERM_TESTS[s.term - 1]?.stage(s.course).gradesPublished &&
      mcq.has(key(s)) &&
      allActive(s.student),
  );
  const active = data.students.findIndex((_, index) => allActive(index));
  const student = both?.student ?? (active >= 0 ? active : 0);
  return {
    sampleStudent: data.students[student]?.username ?? '',
    sampleIdentifier: both ? termTestIdentifier(both.course, both.term) : null,
  };
}

async function clearForSeed(tx: Tx, reset: boolean): Promise<SeedResult['deleted']> {
  const students = await tx
    .select({ n: count() })
    .from(accounts)
    .where(eq(accounts.role, 'ROLE_STUDENT'))
    .then((rows) => rows[0]?.n ?? 0);
  const courseCount = await tx
    .select({ n: count() })
    .from(courses)
    .then((rows) => rows[0]?.n ?? 0);
  if (students === 0 && courseCount === 0) return null;

  const seededBefore = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.action, SEED_ACTION))
    .limit(1)
    .then((rows) => rows.length > 0);
  const what = `${students} student(s) and ${courseCount} course(s)`;
  if (!seededBefore) {
    throw new SeedRefused(
      `The database already has ${what} that the demo seed did not make. The seed fills an empty database only and never deletes real data; point it at another DATA_DIR or DATABASE_URL.`,
    );
  }
  if (!reset) {
    throw new SeedRefused(`The database already has demo data (${what}); use --reset to replace it.`);
  }
  // Demo lessons are YouTube links; a stored file means someone uploaded into the demo, and the
  // seed cannot delete files from the object store.
  const storedFiles =
    (await tx
      .select({ n: count() })
      .from(resources)
      .where(isNotNull(resources.objectKey))
      .then((rows) => rows[0]?.n ?? 0)) +
    (await tx
      .select({ n: count() })
      .from(exams)
      .where(isNotNull(exams.paperKey))
      .then((rows) => rows[0]?.n ?? 0)) +
    (await tx
      .select({ n: count() })
      .from(submissions)
      .where(or(isNotNull(submissions.answerKey), isNotNull(submissions.markedPaperKey)))
      .then((rows) => rows[0]?.n ?? 0));
  if (storedFiles > 0) {
    throw new SeedRefused(
      `--reset would orphan ${storedFiles} uploaded file(s) of resources, exam papers or answer scripts in the file store; delete those in the portal first.`,
    );
  }
  // Only students enrol and watch, and every student goes: emptying both tables at once spares
  // 2 million row deletes, and the scan of watch_time that each deleted resource's SET NULL makes.
  // Submissions (and their answers, annotations, claims and kept counts) too: they are all students'.
  // A truncate fires no insert or delete trigger, so the kept counts (the exams' scripts, the courses'
  // enrolments) are emptied with what they count.
  await tx.execute(
    sql`truncate table ${watchTime}, ${enrollments}, ${courseEnrollmentCounts}, ${submissionAnswers}, ${scriptAnnotations}, ${markingClaims}, ${examScriptCounts}, ${submissions}`,
  );
  await tx.delete(accounts).where(eq(accounts.role, 'ROLE_STUDENT'));
  await tx.delete(courses);
  await audit(tx, null, 'demo.reset', 'database', { students, courses: courseCount });
  return { students, courses: courseCount };
}
