import { and, count, eq, isNotNull, isNull, like, not, or, sql } from 'drizzle-orm';
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
import type { ObjectStorage } from '../storage/storage.js';
import { DEMO_SCRIPT_PREFIX, scriptsWithFiles, storeDemoScript } from './demo-scripts.js';
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
  /** Where the PART II scripts' files go, as the server stores hand-ins. */
  storage: ObjectStorage;
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
  // Files stored by this run (removed again if it fails) and those of the run it replaces (removed once it commits).
  const stored: string[] = [];
  let replaced: string[] = [];
  const result = await db
    .transaction(async (tx) => {
      const cleared = await clearForSeed(tx, options.reset ?? false);
      const deleted = cleared && { students: cleared.students, courses: cleared.courses };
      replaced = cleared?.scriptFiles ?? [];
      const report = (phase: keyof SeedCounts, done: number) =>
        options.onProgress?.({ phase, done, total: counts[phase] });

      const studentIds = await insertStudents(tx, data, options.passwordHash, (done) => report('students', done));
      const { courseIds, lessonIds } = await insertCourses(tx, data, report);
      const examIds = await insertExams(tx, data.courses, courseIds, options.scale, report);
      await insertEnrollments(tx, data, studentIds, courseIds, (done) => report('enrollments', done));
      await insertWatchRecords(tx, data, studentIds, lessonIds, counts.watchRecords, (done) =>
        report('watchRecords', done),
      );
      const answerKeys = await storeScripts(options.storage, data, planned.submissions, stored);
      await insertSubmissions(tx, planned.submissions, answerKeys, studentIds, examIds, (done) =>
        report('submissions', done),
      );
      await audit(tx, null, SEED_ACTION, 'database', { scale: options.scale, ...counts, scriptFiles: stored.length });
      const sample = sampleOf(data, planned.submissions);
      return { counts, ...sample, deleted };
    })
    .catch(async (error) => {
      await removeFiles(options.storage, stored);
      throw error;
    });
  await removeFiles(options.storage, replaced);
  return result;
}

/**
 * A file for the PART II scripts `scriptsWithFiles` chooses, stored as a hand-in is; answers each
 * planned submission's answer key (null for MCQ papers and for scripts left without a file).
 */
async function storeScripts(
  storage: ObjectStorage,
  data: ReturnType<typeof generateDemo>,
  planned: DemoSubmission[],
  stored: string[],
): Promise<(string | null)[]> {
  const keys: (string | null)[] = planned.map(() => null);
  const scripts = planned.flatMap((s, index) => (s.kind === 'TRADITIONAL' ? [index] : []));
  const exams = scripts.map((index) => {
    const s = planned[index] as DemoSubmission;
    return termTestIdentifier(s.course, s.term);
  });
  for (const chosen of scriptsWithFiles(exams)) {
    const index = scripts[chosen] as number;
    const s = planned[index] as DemoSubmission;
    const username = data.students[s.student]?.username ?? '';
    const examIdentifier = exams[chosen] as string;
    const key = await storeDemoScript(storage, { username, examIdentifier, seed: `${username} ${examIdentifier}` });
    stored.push(key);
    keys[index] = key;
  }
  return keys;
}

/** A file that cannot be removed is left for `sweep-files`; the seed's outcome stands. */
async function removeFiles(storage: ObjectStorage, keys: string[]) {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
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

async function clearForSeed(
  tx: Tx,
  reset: boolean,
): Promise<{ students: number; courses: number; scriptFiles: string[] } | null> {
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
  // Demo lessons are YouTube links and the demo scripts' files are the seed's own (removed after the
  // commit); any other stored file means someone uploaded into the demo, and that is theirs to delete.
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
      .where(
        or(
          and(isNotNull(submissions.answerKey), not(like(submissions.answerKey, `${DEMO_SCRIPT_PREFIX}%`))),
          isNotNull(submissions.markedPaperKey),
        ),
      )
      .then((rows) => rows[0]?.n ?? 0));
  if (storedFiles > 0) {
    throw new SeedRefused(
      `--reset would orphan ${storedFiles} uploaded file(s) of resources, exam papers or answer scripts in the file store; delete those in the portal first.`,
    );
  }
  const scriptFiles = await tx
    .select({ key: submissions.answerKey })
    .from(submissions)
    .where(and(like(submissions.answerKey, `${DEMO_SCRIPT_PREFIX}%`), isNull(submissions.markedPaperKey)))
    .then((rows) => rows.flatMap((row) => (row.key ? [row.key] : [])));
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
  await audit(tx, null, 'demo.reset', 'database', { students, courses: courseCount, scriptFiles: scriptFiles.length });
  return { students, courses: courseCount, scriptFiles };
}
