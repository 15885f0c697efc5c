import { buffer } from 'node:stream/consumers';
import { and, count, eq, gt, isNotNull, lte } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  courses,
  enrollments,
  exams,
  mcqOptions,
  mcqQuestions,
  resources,
  submissionAnswers,
  submissions,
  watchTime,
} from '../db/schema.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { useTestApp } from '../test/harness.js';
import { SUBMISSIONS } from '../test/submissions.js';
import { findAppStudent } from './app-student.js';
import { DEMO_SCRIPT_PREFIX, MAX_DEMO_SCRIPT_FILES, scriptsWithFiles } from './demo-scripts.js';
import { generateDemo } from './generate.js';
import { demoPlan } from './plan.js';
import { SeedRefused, seedDemo, seedPlan } from './seed.js';

const PASSWORD = 'demo-chem-2026';
const t = useTestApp();
let passwordHash: string;
let sampleStudent: string;
let sampleIdentifier: string | null;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  ({ sampleStudent, sampleIdentifier } = await seedDemo(t.database.db, { scale: 1, passwordHash, storage: t.storage }));
});

/** Map.groupBy arrived in Node 21; the floor is 20. */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const rows = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

async function counts() {
  const db = t.database.db;
  return {
    students: await rows(db.select({ n: count() }).from(accounts).where(eq(accounts.role, 'ROLE_STUDENT'))),
    courses: await rows(db.select({ n: count() }).from(courses)),
    resources: await rows(db.select({ n: count() }).from(resources)),
    enrollments: await rows(db.select({ n: count() }).from(enrollments)),
    watchRecords: await rows(db.select({ n: count() }).from(watchTime)),
    exams: await rows(db.select({ n: count() }).from(exams)),
    questions: await rows(db.select({ n: count() }).from(mcqQuestions)),
    submissions: await rows(db.select({ n: count() }).from(submissions)),
    markedScripts: await rows(
      db.select({ n: count() }).from(submissions).where(isNotNull(submissions.traditionalScore)),
    ),
    answers: await rows(db.select({ n: count() }).from(submissionAnswers)),
  };
}

describe('demo seed', () => {
  it('plans the issue sizes: a small class at scale 1, 20,000 students and 2 million watch records at 500', () => {
    expect(demoPlan(1)).toEqual({
      students: 40,
      courses: 6,
      resources: 24,
      enrollments: 144,
      watchRecords: 320,
      exams: 24,
      questions: 600,
    });
    expect(demoPlan(500)).toEqual({
      students: 20_000,
      courses: 300,
      resources: 1_200,
      enrollments: 72_000,
      watchRecords: 2_000_000,
      exams: 1_200,
      questions: 30_000,
    });
    // The two term tests' submissions, counted from the generated class: over 100,000 at 500.
    const submitted = (scale: number) => {
      const { submissions, markedScripts, answers } = seedPlan(scale);
      return { submissions, markedScripts, answers };
    };
    expect(submitted(1)).toEqual({ submissions: 268, markedScripts: 69, answers: 7_884 });
    expect(submitted(500)).toEqual({ submissions: 125_602, markedScripts: 33_748, answers: 3_723_906 });
    expect(() => demoPlan(0)).toThrow(RangeError);
    expect(() => demoPlan(501)).toThrow(RangeError);
  });

  it('writes exactly the rows scale 1 promises', async () => {
    expect(await counts()).toEqual(seedPlan(1));
  });

  it('gives the term tests submissions in every state, MCQ marks matching the stored answers', async () => {
    const db = t.database.db;
    const seeded = await db
      .select({
        id: submissions.id,
        identifier: exams.examIdentifier,
        type: exams.examType,
        published: exams.published,
        gradesPublished: exams.gradesPublished,
        enrolled: enrollments.status,
        mcqScore: submissions.mcqScore,
        score: submissions.traditionalScore,
        feedback: submissions.instructorFeedback,
        gradedAt: submissions.gradedAt,
        answerKey: submissions.answerKey,
        submittedAt: submissions.submittedAt,
        due: exams.dueDate,
      })
      .from(submissions)
      .innerJoin(exams, eq(exams.id, submissions.examId))
      .innerJoin(
        enrollments,
        and(eq(enrollments.studentId, submissions.studentId), eq(enrollments.courseId, exams.courseId)),
      );
    expect(seeded).toHaveLength(seedPlan(1).submissions);
    for (const row of seeded) {
      expect(row).toMatchObject({ enrolled: 'ACTIVE', published: true });
      expect(row.submittedAt.getTime()).toBeLessThanOrEqual(row.due.getTime());
    }
    const mcq = seeded.filter((row) => row.type === 'MCQ');
    const partTwo = seeded.filter((row) => row.type === 'TRADITIONAL');
    expect(mcq.every((row) => row.mcqScore !== null && row.gradedAt !== null && row.score === null)).toBe(true);
    expect(partTwo.every((row) => row.mcqScore === null)).toBe(true);
    expect(mcq.every((row) => row.answerKey === null)).toBe(true);
    // Both terms have submissions; PART II scripts wait for marking, are marked with the marks held
    // back (term 2 still being marked), or are marked with the marks published.
    for (const term of ['_TERM1', '_TERM2']) {
      expect(mcq.some((row) => row.identifier.endsWith(term))).toBe(true);
      expect(partTwo.some((row) => row.identifier.endsWith(term) && row.score !== null)).toBe(true);
      expect(partTwo.some((row) => row.identifier.endsWith(term) && row.score === null)).toBe(true);
    }
    const marked = partTwo.filter((row) => row.score !== null);
    expect(marked.some((row) => row.gradesPublished)).toBe(true);
    expect(marked.some((row) => !row.gradesPublished)).toBe(true);
    expect(marked.every((row) => row.feedback && row.gradedAt && (row.score as number) <= 100)).toBe(true);
    expect(partTwo.filter((row) => row.score === null).every((row) => row.gradedAt === null)).toBe(true);
    // Each MCQ mark is 50 × right ÷ 50 questions of the answers stored for it.
    const right = await db
      .select({ id: submissionAnswers.submissionId, n: count() })
      .from(submissionAnswers)
      .innerJoin(mcqOptions, eq(mcqOptions.id, submissionAnswers.optionId))
      .where(eq(mcqOptions.isCorrect, true))
      .groupBy(submissionAnswers.submissionId);
    const rightOf = new Map(right.map((row) => [row.id, row.n]));
    for (const row of mcq) expect(row.mcqScore).toBe(rightOf.get(row.id) ?? 0);
  });

  it('hands in every PART II script as a stored PDF of several pages, which staff can open', async () => {
    const scripts = await t.database.db
      .select({ id: submissions.id, examId: submissions.examId, answerKey: submissions.answerKey })
      .from(submissions)
      .innerJoin(exams, eq(exams.id, submissions.examId))
      .where(eq(exams.examType, 'TRADITIONAL'));
    expect(scripts.length).toBeGreaterThan(50);
    const pages: number[] = [];
    for (const { answerKey } of scripts) {
      expect(answerKey?.startsWith(DEMO_SCRIPT_PREFIX)).toBe(true);
      const stored = await t.storage.get(answerKey as string);
      const bytes = await buffer(stored.stream);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // A few KB: a demo of 2,000 scripts stays small.
      expect(bytes.length).toBeLessThan(12_000);
      pages.push((await PDFDocument.load(bytes)).getPageCount());
    }
    expect(Math.min(...pages)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...pages)).toBe(3);
    // The marking screens' "View Submission" link is there for them.
    const { headers } = await t.login('ROLE_SUPERADMIN', 'seed-script-reader');
    const examId = scripts[0]?.examId as number;
    const list = await t.call('GET', `${SUBMISSIONS}/exam/${examId}`, headers);
    expect(list.statusCode).toBe(200);
    const items = (list.json() as { submittedAnswerDownloadUrl: string | null }[]) ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => typeof item.submittedAnswerDownloadUrl === 'string')).toBe(true);
  });

  it('past the cap, gives files to scripts of every exam in turn', () => {
    const exams = ['A', 'A', 'A', 'B', 'C', 'C'];
    expect(scriptsWithFiles(exams, 100)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(scriptsWithFiles(exams, 4)).toEqual([0, 1, 3, 4]);
    const large = Array.from({ length: 50_000 }, (_, index) => `exam ${index % 600}`);
    const chosen = scriptsWithFiles(large);
    expect(chosen).toHaveLength(MAX_DEMO_SCRIPT_FILES);
    expect(new Set(chosen.map((index) => large[index])).size).toBe(600);
  });

  it('gives every student a unique username made from a Sri Lankan name, and one shared hash', async () => {
    const students = await t.database.db
      .select({ username: accounts.username, name: accounts.name, hash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.role, 'ROLE_STUDENT'));
    expect(new Set(students.map((s) => s.username.toLowerCase())).size).toBe(students.length);
    for (const student of students) {
      const [given, ...family] = (student.name as string).split(' ');
      expect(student.username).toMatch(/^[a-z]+\.[a-z]+\d*$/);
      expect(student.username.startsWith(`${given?.toLowerCase()}.${family.join('').toLowerCase()}`)).toBe(true);
      expect(student.hash).toBe(passwordHash);
    }
    expect(await verifyPassword(PASSWORD, passwordHash)).toBe(true);
  });

  it('enrols mostly ACTIVE with some DISABLED, links lessons to YouTube, and keeps watch records consistent', async () => {
    const db = t.database.db;
    const byStatus = await db
      .select({ status: enrollments.status, n: count() })
      .from(enrollments)
      .groupBy(enrollments.status);
    const active = byStatus.find((row) => row.status === 'ACTIVE')?.n ?? 0;
    const disabled = byStatus.find((row) => row.status === 'DISABLED')?.n ?? 0;
    expect(disabled).toBeGreaterThan(0);
    expect(active).toBeGreaterThan(disabled * 5);

    const links = await db.select({ url: resources.url, type: resources.type }).from(resources);
    for (const link of links) {
      expect(link.type).toBe('link');
      expect(link.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    }
    // Every record names its lesson, was watched by an enrolled student, and lasts no longer than the video.
    const consistent = await rows(
      db
        .select({ n: count() })
        .from(watchTime)
        .innerJoin(resources, eq(resources.id, watchTime.resourceId))
        .innerJoin(
          enrollments,
          and(eq(enrollments.studentId, watchTime.studentId), eq(enrollments.courseId, resources.courseId)),
        )
        .where(
          and(
            eq(watchTime.videoName, resources.name),
            gt(watchTime.watchedDuration, 0),
            lte(watchTime.watchedDuration, resources.duration),
          ),
        ),
    );
    expect(consistent).toBe(demoPlan(1).watchRecords);
  });

  it('gives each course two term tests, each an MCQ paper and a PART II paper under one identifier, with five options and one answer per question', async () => {
    const db = t.database.db;
    const seeded = await db.select().from(exams);
    const byIdentifier = groupBy(seeded, (exam) => exam.examIdentifier);
    expect(byIdentifier.size).toBe(12);
    for (const group of byIdentifier.values()) {
      expect(group.map((exam) => exam.examType).sort()).toEqual(['MCQ', 'TRADITIONAL']);
      expect(new Set(group.map((exam) => exam.courseId)).size).toBe(1);
    }
    // Term test 2 of every course is due after its term test 1.
    for (const group of groupBy(seeded, (exam) => exam.courseId).values()) {
      const due = (term: string) => group.find((exam) => exam.examIdentifier.endsWith(term))?.dueDate.getTime() ?? 0;
      expect(group.map((exam) => exam.examIdentifier.replace(/^CHEM_C\d{3}_/, '')).sort()).toEqual([
        'TERM1',
        'TERM1',
        'TERM2',
        'TERM2',
      ]);
      expect(due('_TERM2')).toBeGreaterThan(due('_TERM1'));
    }
    // Every publication state shows in each term: published with marks, only the MCQ paper, neither;
    // in term 2 also a PART II paper published with its marks not yet released.
    for (const term of ['_TERM1', '_TERM2']) {
      const papers = seeded.filter((exam) => exam.examIdentifier.endsWith(term));
      expect(papers.some((exam) => exam.examType === 'TRADITIONAL' && exam.published && exam.gradesPublished)).toBe(
        true,
      );
      expect(papers.some((exam) => exam.examType === 'MCQ' && exam.published)).toBe(true);
      expect(papers.some((exam) => exam.examType === 'TRADITIONAL' && !exam.published)).toBe(true);
      expect(papers.some((exam) => !exam.published)).toBe(true);
    }
    expect(
      seeded.some(
        (exam) =>
          exam.examType === 'TRADITIONAL' &&
          exam.examIdentifier.endsWith('_TERM2') &&
          exam.published &&
          !exam.gradesPublished,
      ),
    ).toBe(true);
    const options = await db
      .select({ question: mcqOptions.questionId, correct: mcqOptions.isCorrect, text: mcqOptions.optionText })
      .from(mcqOptions);
    const perQuestion = groupBy(options, (option) => option.question);
    expect(perQuestion.size).toBe(600);
    for (const list of perQuestion.values()) {
      expect(list).toHaveLength(5);
      expect(list.filter((option) => option.correct)).toHaveLength(1);
      expect(new Set(list.map((option) => option.text)).size).toBe(5);
    }
    const texts = await db.select({ text: mcqQuestions.questionText }).from(mcqQuestions);
    expect(texts.filter((row) => row.text?.includes('\\ce{')).length).toBeGreaterThan(100);
  });

  it('lets a seeded student sign in with the shared password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { username: sampleStudent, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().roles).toEqual(['ROLE_STUDENT']);
    // …and read both marks of the identifier the seed prints.
    const me = { authorization: `Bearer ${response.json().jwtToken}` };
    const id = (await t.app.inject({ method: 'GET', url: '/api/me', headers: me })).json().id;
    const score = await t.app.inject({
      method: 'GET',
      url: `/api/api/v1/submissions/student/${id}/exam-score/${sampleIdentifier}`,
      headers: me,
    });
    expect(score.statusCode, score.body).toBe(200);
    expect(score.json()).toMatchObject({ mcqPublished: true, traditionalPublished: true });
    expect(score.json().traditionalScore).toEqual(expect.any(Number));
  });

  it("names a student for the students' app with a live lecture and an MCQ paper still open", async () => {
    // A fixed moment, as the data's dates are: the same data then names the same student.
    const now = new Date('2026-11-25T00:00:00Z');
    const found = await findAppStudent(t.database.db, now);
    expect(found).not.toBeNull();
    const app = found as NonNullable<typeof found>;
    expect(app.dueDate.getTime()).toBeGreaterThan(now.getTime());
    const db = t.database.db;
    const [student] = await db.select().from(accounts).where(eq(accounts.username, app.username));
    const [course] = await db.select().from(courses).where(eq(courses.title, app.courseTitle));
    expect(student && course).toBeTruthy();
    const [enrolment] = await db
      .select({ status: enrollments.status })
      .from(enrollments)
      .where(and(eq(enrollments.studentId, student?.id as number), eq(enrollments.courseId, course?.id as number)));
    expect(enrolment?.status).toBe('ACTIVE');
    const live = await db
      .select({ id: resources.id })
      .from(resources)
      .where(and(eq(resources.courseId, course?.id as number), lte(resources.liveAt, now)));
    expect(live.length).toBeGreaterThan(0);
    const open = await db
      .select({ id: exams.id })
      .from(exams)
      .where(
        and(
          eq(exams.courseId, course?.id as number),
          eq(exams.examType, 'MCQ'),
          eq(exams.published, true),
          gt(exams.dueDate, now),
        ),
      );
    expect(open.length).toBeGreaterThan(0);
    // The shared password signs them in, and the course is theirs in the students' app.
    const signin = await t.signin(app.username, PASSWORD);
    expect(signin.statusCode).toBe(200);
    const mine = await t.call('GET', '/api/me/courses', { authorization: `Bearer ${signin.json().jwtToken}` });
    expect(mine.json().map((c: { title: string }) => c.title)).toContain(app.courseTitle);
    // Once every demo paper is past its due date there is nobody to name.
    expect(await findAppStudent(db, new Date('2031-01-01T00:00:00Z'))).toBeNull();
  });

  it('shows the courses and the main class to staff through the API', async () => {
    const { headers } = await t.login('ROLE_ADMIN', 'seed-tutor');
    const list = await t.app.inject({ method: 'GET', url: '/api/courses', headers });
    const titles = list.json().map((c: { title: string }) => c.title);
    expect(titles).toHaveLength(6);
    expect(titles).toContain('2026 A/L Chemistry – Theory');
  });

  it('refuses a second run without --reset, leaving the data as it was', async () => {
    const before = await counts();
    await expect(seedDemo(t.database.db, { scale: 1, passwordHash, storage: t.storage })).rejects.toThrow(
      new SeedRefused('The database already has demo data (40 student(s) and 6 course(s)); use --reset to replace it.'),
    );
    expect(await counts()).toEqual(before);
  });

  it('replaces its own data with reset, and the same scale gives the same data', async () => {
    const names = () =>
      t.database.db
        .select({ username: accounts.username })
        .from(accounts)
        .where(eq(accounts.role, 'ROLE_STUDENT'))
        .orderBy(accounts.id)
        .then((list) => list.map((row) => row.username));
    const first = await names();
    const scriptKeys = () =>
      t.database.db
        .select({ key: submissions.answerKey })
        .from(submissions)
        .where(isNotNull(submissions.answerKey))
        .then((list) => list.map((row) => row.key as string));
    const oldScripts = await scriptKeys();
    const result = await seedDemo(t.database.db, { scale: 1, passwordHash, storage: t.storage, reset: true });
    expect(result.deleted).toEqual({ students: 40, courses: 6 });
    expect(await counts()).toEqual(seedPlan(1));
    expect(await names()).toEqual(first);
    // The replaced scripts' files are gone from the store; the new ones are there.
    for (const key of oldScripts) expect(await t.storage.stat(key)).toBeNull();
    const newScripts = await scriptKeys();
    expect(newScripts).toHaveLength(oldScripts.length);
    for (const key of newScripts) expect(await t.storage.stat(key)).not.toBeNull();
    expect(first).toEqual(generateDemo(1).students.map((s) => s.username));
    // Staff accounts survive a reset.
    const staff = await rows(
      t.database.db.select({ n: count() }).from(accounts).where(eq(accounts.role, 'ROLE_ADMIN')),
    );
    expect(staff).toBe(1);
  });

  it('never touches a database whose students it did not make', async () => {
    const db = t.database.db;
    await db.delete(auditLog).where(eq(auditLog.action, 'demo.seed'));
    await expect(seedDemo(db, { scale: 1, passwordHash, storage: t.storage, reset: true })).rejects.toThrow(
      /did not make/,
    );
    expect((await counts()).students).toBe(40);
  });
});
