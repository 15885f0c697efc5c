import {
  type Annotation,
  type Exam,
  MARKING_MESSAGES,
  type MyMarksRow,
  type NextScript,
  type StudioScript,
  SUBMISSION_MESSAGES,
  type Submission,
} from '@valence/contract';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, exams, markingClaims } from '../../db/schema.js';
import { createExam, EXAMS, enrol, examAction, examDto, postExam, uniqueIdentifier } from '../../test/exams.js';
import { type Answer, expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { SAMPLE } from '../../test/multipart.js';
import { hexText, pageContent, scriptPdf } from '../../test/scripts.js';
import { grade, insertSubmission, SUBMISSIONS, uploadAnswer } from '../../test/submissions.js';
import { NO_MARK_SCHEME, RENDERED_PREFIX, sumMismatch } from './marked-paper.js';

const t = useTestApp();
const FUTURE = '2030-12-01T10:00';
const SCHEME = [
  { label: 'Q1', maxMarks: 40 },
  { label: 'Q2', maxMarks: 60 },
];
/** Staff who may grade: instructors (ROLE_ADMIN) and a superadmin. */
let tutor: Login;
let tutors: Login[];
let boss: Login;
let student: Login;
let courseId: number;
let partTwo: Exam;
/** A PART II exam without a mark scheme, and an MCQ exam. */
let plain: Exam;
let mcq: Exam;
/** The PART II exam's scripts in the list's order (newest first). */
let scripts: Submission[];
const pupils: Login[] = [];

const annotationsUrl = (id: number) => `${SUBMISSIONS}/${id}/annotations`;
const scriptOf = (id: number, who = tutor) => t.call('GET', `${SUBMISSIONS}/${id}/script`, who.headers);
const next = (who: Login, after?: number, examId = partTwo.id) =>
  t.call('POST', `${EXAMS}/${examId}/marking/next${after ? `?after=${after}` : ''}`, who.headers);
const listOf = async (examId: number) =>
  expectStatus<Submission[]>(await t.call('GET', `${SUBMISSIONS}/exam/${examId}`, tutor.headers), 200);
/** A signed link as a request path of the test app. */
const fetchLink = (url: string) => t.call('GET', url.replace(/^https?:\/\/[^/]+/, ''));

const ITEMS: Annotation[] = [
  { page: 1, kind: 'tick', x: 0.5, y: 0.3 },
  { page: 2, kind: 'cross', x: 0.1, y: 0.9 },
  { page: 2, kind: 'text', x: 0.2, y: 0.4, text: 'Balance the equation first.' },
  {
    page: 1,
    kind: 'pen',
    x: 0.1,
    y: 0.1,
    points: [
      [0.1, 0.1],
      [0.2, 0.15],
    ],
  },
  { page: 2, kind: 'highlight', x: 0.3, y: 0.3, w: 0.4, h: 0.05 },
];

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  boss = await t.login('ROLE_SUPERADMIN', 'owner');
  tutors = [tutor, boss];
  for (let i = 2; i < 6; i++) tutors.push(await t.login('ROLE_ADMIN', `tutor${i}`));
  courseId = (await t.createCourse(tutor.headers, 'Physical chemistry')).id;
  const identifier = uniqueIdentifier('STUDIO');
  partTwo = await createExam(t, tutor.headers, courseId, {
    examIdentifier: identifier,
    examType: 'TRADITIONAL',
    dueDate: FUTURE,
    markScheme: SCHEME,
  });
  plain = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: FUTURE });
  mcq = await createExam(t, tutor.headers, courseId, { examIdentifier: identifier, dueDate: FUTURE });
  for (const exam of [partTwo, plain]) await examAction(t, tutor.headers, exam.id);
  const pdf = await scriptPdf(2);
  for (let i = 0; i < 8; i++) {
    const pupil = await t.login('ROLE_STUDENT', `pupil${i}`);
    pupils.push(pupil);
    await enrol(t, tutor.headers, courseId, pupil.id);
    const file = i === 0 ? { bytes: SAMPLE.docx, name: 'essay.docx' } : { bytes: pdf, name: 'script.pdf' };
    expect((await uploadAnswer(t, pupil.headers, partTwo.id, file)).statusCode).toBe(201);
  }
  // The first to hand in (a Word script) is last in the list.
  student = pupils[1] as Login;
  expect((await uploadAnswer(t, student.headers, plain.id)).statusCode).toBe(201);
  scripts = await listOf(partTwo.id);
});

describe('the mark scheme and comment bank', () => {
  it('is set when a PART II exam is created, refused for MCQ, and carried by the exam lists', async () => {
    expect(partTwo.markScheme).toEqual(SCHEME);
    expect(plain.markScheme).toEqual([]);
    const dto = examDto(courseId, { dueDate: FUTURE, markScheme: SCHEME });
    expectMessage(await postExam(t, tutor.headers, dto), 400, MARKING_MESSAGES.schemeOnlyPartTwo);
    const badTotal = examDto(courseId, { examType: 'TRADITIONAL', markScheme: [{ label: 'Q1', maxMarks: 90 }] });
    expectMessage(await postExam(t, tutor.headers, badTotal, { bytes: SAMPLE.pdf }), 400, MARKING_MESSAGES.schemeTotal);
    const listed = expectStatus<Exam[]>(await t.call('GET', `${EXAMS}/course/${courseId}/all`, tutor.headers), 200);
    expect(listed.find((exam) => exam.id === partTwo.id)?.markScheme).toEqual(SCHEME);
  });

  it('is edited for PART II only; the bank replaced whole', async () => {
    const put = (examId: number, markScheme: unknown) =>
      t.call('PUT', `${EXAMS}/${examId}/mark-scheme`, tutor.headers, { markScheme });
    expectMessage(await put(mcq.id, SCHEME), 400, MARKING_MESSAGES.schemeOnlyPartTwo);
    expectMessage(await put(plain.id, [{ label: 'Q1', maxMarks: 99.5 }]), 400, MARKING_MESSAGES.schemeTotal);
    expect(expectStatus(await put(plain.id, SCHEME), 200)).toEqual({ markScheme: SCHEME });
    expect(expectStatus(await put(plain.id, []), 200)).toEqual({ markScheme: [] });
    const bank = { comments: ['Show your working.', 'Units missing.'] };
    const saved = await t.call('PUT', `${EXAMS}/${partTwo.id}/comment-bank`, tutor.headers, bank);
    expect(expectStatus(saved, 200)).toEqual(bank);
    const tooMany = { comments: Array.from({ length: 101 }, (_, i) => `Comment ${i}`) };
    expect((await t.call('PUT', `${EXAMS}/${partTwo.id}/comment-bank`, tutor.headers, tooMany)).statusCode).toBe(400);
  });

  it('gives the studio the exam’s progress, scheme and comments', async () => {
    const overview = await t.call('GET', `${EXAMS}/${partTwo.id}/marking`, boss.headers);
    expect(expectStatus(overview, 200)).toEqual({
      examId: partTwo.id,
      examTitle: partTwo.title,
      examIdentifier: partTwo.examIdentifier,
      courseTitle: 'Physical chemistry',
      total: 8,
      marked: 0,
      markScheme: SCHEME,
      comments: ['Show your working.', 'Units missing.'],
    });
    expectMessage(await t.call('GET', `${EXAMS}/${mcq.id}/marking`, tutor.headers), 400, MARKING_MESSAGES.notPartTwo);
    expect((await t.call('GET', `${EXAMS}/987654/marking`, tutor.headers)).statusCode).toBe(404);
  });
});

describe('annotations', () => {
  it('come back as saved, with who saved them and when', async () => {
    const id = (scripts[0] as Submission).id;
    expect(expectStatus(await t.call('GET', annotationsUrl(id), tutor.headers), 200)).toEqual({
      items: [],
      updatedAt: null,
      updatedBy: null,
      version: 0,
    });
    const saved = expectStatus<{ updatedAt: string }>(
      await t.call('PUT', annotationsUrl(id), tutor.headers, { items: ITEMS }),
      200,
    );
    // A save is a change of the script: its version moves on.
    expect(saved).toEqual({ items: ITEMS, updatedAt: expect.any(String), updatedBy: 'tutor', version: 1 });
    const read = await t.call('GET', annotationsUrl(id), boss.headers);
    expect(expectStatus(read, 200)).toEqual({
      items: ITEMS,
      updatedAt: saved.updatedAt,
      updatedBy: 'tutor',
      version: 1,
    });
    // A later save by someone else replaces the set and says so.
    const replaced = await t.call('PUT', annotationsUrl(id), boss.headers, { items: ITEMS.slice(0, 1) });
    expect(expectStatus(replaced, 200)).toMatchObject({ items: ITEMS.slice(0, 1), updatedBy: 'owner' });
    await t.call('PUT', annotationsUrl(id), tutor.headers, { items: ITEMS });
  });

  it('are for staff only: a student is refused even their own script’s, a stranger must sign in', async () => {
    const own = (scripts.find((s) => s.studentId === student.id) as Submission).id;
    expect((await t.call('GET', annotationsUrl(own), student.headers)).statusCode).toBe(403);
    expect((await t.call('PUT', annotationsUrl(own), student.headers, { items: [] })).statusCode).toBe(403);
    expect((await t.call('GET', annotationsUrl(own), {})).statusCode).toBe(401);
    expect((await scriptOf(own, student)).statusCode).toBe(403);
    expect((await t.call('GET', annotationsUrl(987654), tutor.headers)).statusCode).toBe(404);
  });

  it('refuse what is not an annotation', async () => {
    const id = (scripts[1] as Submission).id;
    const bad: unknown[] = [
      { page: 1, kind: 'tick', x: 1.5, y: 0.5 },
      { page: 0, kind: 'tick', x: 0.5, y: 0.5 },
      { page: 1, kind: 'smiley', x: 0.5, y: 0.5 },
      { page: 1, kind: 'text', x: 0.5, y: 0.5, text: '   ' },
      { page: 1, kind: 'pen', x: 0.5, y: 0.5, points: [[0.5, 2]] },
    ];
    for (const item of bad) {
      const answer = await t.call('PUT', annotationsUrl(id), tutor.headers, { items: [item] });
      expect(answer.statusCode, JSON.stringify(item)).toBe(400);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(expectStatus(await t.call('GET', annotationsUrl(id), tutor.headers), 200)).toMatchObject({ items: [] });
  });

  it('are only for PART II scripts whose exam content is still there, refused as grading refuses', async () => {
    const mcqId = await insertSubmission(t, mcq.id, (pupils[1] as Login).id);
    expectMessage(await t.call('GET', annotationsUrl(mcqId), tutor.headers), 400, MARKING_MESSAGES.notPartTwo);
    const gone = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: FUTURE });
    const goneId = await insertSubmission(t, gone.id, student.id);
    await t.database.db.update(exams).set({ contentDeleted: true }).where(eq(exams.id, gone.id));
    const refusals: Answer[] = [
      await t.call('GET', annotationsUrl(goneId), tutor.headers),
      await t.call('PUT', annotationsUrl(goneId), tutor.headers, { items: ITEMS }),
      await scriptOf(goneId),
      await next(tutor, undefined, gone.id),
      await t.call('GET', `${EXAMS}/${gone.id}/marking`, tutor.headers),
      await grade(t, tutor.headers, goneId, { traditionalScore: '50' }),
    ];
    for (const answer of refusals) expectMessage(answer, 409, SUBMISSION_MESSAGES.contentDeleted);
  });
});

describe('GET /api/v1/submissions/{id}/script', () => {
  it('links the script, tells its kind and its neighbours in the list', async () => {
    const middle = scripts[1] as Submission;
    const script = expectStatus<StudioScript>(await scriptOf(middle.id), 200);
    expect(script).toMatchObject({
      id: middle.id,
      examId: partTwo.id,
      studentId: middle.studentId,
      scriptKind: 'pdf',
      traditionalScore: null,
      questionMarks: null,
      markedPaperUrl: null,
      previousId: scripts[0]?.id,
      nextId: scripts[2]?.id,
    });
    const file = await fetchLink(script.scriptUrl as string);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const first = expectStatus<StudioScript>(await scriptOf((scripts[0] as Submission).id), 200);
    expect(first.previousId).toBeNull();
    const last = scripts.at(-1) as Submission;
    expect(expectStatus<StudioScript>(await scriptOf(last.id), 200)).toMatchObject({
      scriptKind: 'docx',
      nextId: null,
      previousId: scripts.at(-2)?.id,
    });
  });
});

describe('POST /api/v1/exams/{examId}/marking/next', () => {
  it('never gives two tutors asking at once the same script', async () => {
    const answers = await Promise.all(tutors.map((who) => next(who)));
    const ids = answers.map((answer) => expectStatus<NextScript>(answer, 200).submissionId);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(tutors.length);
    // Asking again keeps each tutor's own script; the two scripts nobody holds are what is left.
    expect(expectStatus<NextScript>(await next(tutor), 200).submissionId).toBe(ids[0]);
    const free = scripts.map((s) => s.id).filter((id) => !ids.includes(id));
    expect(free).toHaveLength(2);
    await t.database.db.delete(markingClaims);
  });

  it('moves on after the script the tutor leaves, wrapping round, skipping marked and held ones', async () => {
    const [a, b, c] = scripts as [Submission, Submission, Submission];
    const last = scripts.at(-1) as Submission;
    expect(expectStatus<NextScript>(await next(tutor, a.id), 200)).toEqual({ submissionId: b.id, total: 8, marked: 0 });
    // Coming back without `after` gives the tutor the script they hold, not the free one on top.
    expect(expectStatus<NextScript>(await next(tutor), 200).submissionId).toBe(b.id);
    // The other tutor is given the script after, and the first tutor's is now c (b is held).
    expect(expectStatus<NextScript>(await next(boss, a.id), 200).submissionId).toBe(c.id);
    // From the last script, round to the top.
    expect(expectStatus<NextScript>(await next(tutor, last.id), 200).submissionId).toBe(a.id);
    // A claim left to expire is free again.
    await t.database.db
      .update(markingClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(markingClaims.submissionId, c.id));
    expect(expectStatus<NextScript>(await next(tutors[2] as Login, b.id), 200).submissionId).toBe(c.id);
    // Saving a mark ends the claim; a marked script is not given again.
    expectStatus(await grade(t, tutor.headers, a.id, { traditionalScore: '55' }), 200);
    const claims = await t.database.db.select().from(markingClaims).where(eq(markingClaims.submissionId, a.id));
    expect(claims).toEqual([]);
    const after = expectStatus<NextScript>(await next(tutor, last.id), 200);
    expect(after).toMatchObject({ total: 8, marked: 1 });
    expect(after.submissionId).not.toBe(a.id);
    expectMessage(await next(tutor, undefined, mcq.id), 400, MARKING_MESSAGES.notPartTwo);
    await t.database.db.delete(markingClaims);
  });
});

describe('grading with marks per question', () => {
  it('adds the marks up, checks each against its maximum, and audits them', async () => {
    const id = (scripts[2] as Submission).id;
    const marks = (questionMarks: string, traditionalScore?: string) =>
      grade(t, tutor.headers, id, { questionMarks, ...(traditionalScore === undefined ? {} : { traditionalScore }) });
    for (const wrong of ['[50, 10]', '[30]', '[30, 10, 5]', '[-1, 10]', '[30.555, 10]', 'abc', '{"a":1}']) {
      expectMessage(await marks(wrong), 400, MARKING_MESSAGES.questionMarks);
    }
    expectMessage(await marks('[30, 42.5]', '70'), 400, sumMismatch(70, 72.5));
    const saved = expectStatus<Submission>(await marks('[30, 42.5]', '72.5'), 200);
    expect(saved.traditionalScore).toBe(72.5);
    const script = expectStatus<StudioScript>(await scriptOf(id), 200);
    expect(script).toMatchObject({ traditionalScore: 72.5, questionMarks: [30, 42.5] });
    // A score alone that is no longer their sum drops the marks per question.
    expectStatus(await grade(t, tutor.headers, id, { traditionalScore: '60' }), 200);
    expect(expectStatus<StudioScript>(await scriptOf(id), 200).questionMarks).toBeNull();
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `submission:${id}`))
      .orderBy(asc(auditLog.id));
    expect(rows.map((row) => [row.actorUsername, row.details])).toEqual([
      [
        'tutor',
        expect.objectContaining({
          before: expect.objectContaining({ traditionalScore: null, questionMarks: null }),
          after: expect.objectContaining({ traditionalScore: 72.5, questionMarks: [30, 42.5] }),
        }),
      ],
      [
        'tutor',
        expect.objectContaining({
          before: expect.objectContaining({ traditionalScore: 72.5, questionMarks: [30, 42.5] }),
          after: expect.objectContaining({ traditionalScore: 60, questionMarks: null }),
        }),
      ],
    ]);
  });

  it('refuses marks per question where there is no mark scheme, and a scheme change under given marks', async () => {
    const plainId = (await listOf(plain.id))[0]?.id as number;
    expectMessage(await grade(t, tutor.headers, plainId, { questionMarks: '[50, 50]' }), 400, NO_MARK_SCHEME);
    const id = (scripts[3] as Submission).id;
    expectStatus(await grade(t, tutor.headers, id, { questionMarks: '[40, 20]' }), 200);
    const put = (markScheme: unknown) =>
      t.call('PUT', `${EXAMS}/${partTwo.id}/mark-scheme`, tutor.headers, { markScheme });
    const changed = await put([
      { label: 'Q1', maxMarks: 50 },
      { label: 'Q2', maxMarks: 50 },
    ]);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/already marked question by question/);
    const relabelled = [
      { label: 'Kinetics', maxMarks: 40 },
      { label: 'Equilibria', maxMarks: 60 },
    ];
    expect(expectStatus(await put(relabelled), 200)).toEqual({ markScheme: relabelled });
    expectStatus(await put(SCHEME), 200);
  });
});

describe('the marked paper', () => {
  it('is drawn on the script’s pages with the marks on the first, and shown to the student once published', async () => {
    const own = scripts.find((s) => s.studentId === student.id) as Submission;
    expectStatus(await t.call('PUT', annotationsUrl(own.id), tutor.headers, { items: ITEMS }), 200);
    const graded = expectStatus<Submission>(
      await grade(t, tutor.headers, own.id, { questionMarks: '[30, 42.5]', instructorFeedback: 'Well argued.' }),
      200,
    );
    expect(graded.markedPaperPath).toMatch(new RegExp(`^${RENDERED_PREFIX}`));
    const paper = await fetchLink(graded.markedPaperDownloadUrl as string);
    expect(paper.statusCode).toBe(200);
    const doc = await PDFDocument.load(paper.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    const first = await pageContent(paper.rawPayload, 0);
    for (const line of ['Q1: 30 / 40', 'Q2: 42.5 / 60', 'Total: 72.5 / 100', 'Well argued.']) {
      expect(first).toContain(`<${hexText(line)}>`);
    }
    expect(await pageContent(paper.rawPayload, 1)).toContain(`<${hexText('Balance the equation first.')}>`);

    const myRow = async () =>
      expectStatus<MyMarksRow[]>(await t.call('GET', '/api/me/marks', student.headers), 200).find(
        (row) => row.examIdentifier === partTwo.examIdentifier,
      );
    expect((await myRow())?.partTwo).toMatchObject({ score: null, markedPaperUrl: null });
    await examAction(t, tutor.headers, partTwo.id, 'publish-grades');
    const published = (await myRow())?.partTwo;
    expect(published).toMatchObject({ score: 72.5 });
    const seen = await fetchLink(published?.markedPaperUrl as string);
    expect(seen.rawPayload.equals(paper.rawPayload)).toBe(true);
    // Still no annotations for the student: only the drawn paper.
    expect((await t.call('GET', annotationsUrl(own.id), student.headers)).statusCode).toBe(403);
    await examAction(t, tutor.headers, partTwo.id, 'unpublish-grades');

    // A new mark draws it again and the old drawing goes.
    const again = expectStatus<Submission>(await grade(t, tutor.headers, own.id, { traditionalScore: '80' }), 200);
    expect(again.markedPaperPath).not.toBe(graded.markedPaperPath);
    expect(await t.storage.stat(graded.markedPaperPath as string)).toBeNull();
  });

  it('is never drawn over an uploaded one, nor for a Word script', async () => {
    const id = (scripts[4] as Submission).id;
    expectStatus(await t.call('PUT', annotationsUrl(id), tutor.headers, { items: ITEMS }), 200);
    const uploaded = expectStatus<Submission>(
      await grade(t, tutor.headers, id, {
        traditionalScore: '64',
        markedPaperFile: { bytes: SAMPLE.pdf, name: 'mine.pdf' },
      }),
      200,
    );
    expect(uploaded.markedPaperPath).toMatch(/-mine\.pdf$/);
    const regraded = expectStatus<Submission>(await grade(t, tutor.headers, id, { traditionalScore: '66' }), 200);
    expect(regraded.markedPaperPath).toBe(uploaded.markedPaperPath);

    const word = scripts.at(-1) as Submission;
    expectStatus(await t.call('PUT', annotationsUrl(word.id), tutor.headers, { items: ITEMS }), 200);
    const scored = expectStatus<Submission>(await grade(t, tutor.headers, word.id, { traditionalScore: '50' }), 200);
    expect(scored).toMatchObject({ traditionalScore: 50, markedPaperPath: null });
  });
});
