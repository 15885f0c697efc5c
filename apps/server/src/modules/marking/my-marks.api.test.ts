import type { Exam, McqQuestion, MyMarksRow } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../db/schema.js';
import { addQuestion, createExam, enrol, examAction, question, uniqueIdentifier } from '../../test/exams.js';
import { type Login, useTestApp } from '../../test/harness.js';
import { SAMPLE } from '../../test/multipart.js';
import { grade, submitMcq, uploadAnswer } from '../../test/submissions.js';

const t = useTestApp();
const FUTURE = '2030-12-01T10:00';
let tutor: Login;
let kasun: Login;
let nimali: Login;
let courseId: number;
/** The term test: a two-question MCQ exam and a PART II exam under one identifier. */
const term = uniqueIdentifier('TERM');
let mcq: Exam;
let partTwo: Exam;
let questions: McqQuestion[];
/** A later MCQ-only quiz kasun sat, and one only nimali sat. */
const quiz = uniqueIdentifier('QUIZ');
const others = uniqueIdentifier('OTHER');

const myMarks = async (who: Login): Promise<MyMarksRow[]> => {
  const answer = await t.call('GET', '/api/me/marks', who.headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const rowOf = async (who: Login, identifier: string) =>
  (await myMarks(who)).find((row) => row.examIdentifier === identifier) as MyMarksRow;
const submissionId = async (examId: number, studentId: number) =>
  (
    await t.database.db
      .select({ id: submissions.id, examId: submissions.examId, studentId: submissions.studentId })
      .from(submissions)
      .where(eq(submissions.examId, examId))
  ).find((row) => row.studentId === studentId)?.id as number;

/** The option of question `i` that is right or the first wrong one. */
const pick = (i: number, right: boolean): [number, number] => {
  const q = questions[i] as McqQuestion;
  return [q.id, (q.options.find((option) => option.isCorrect === right) as { id: number }).id];
};

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  kasun = await t.login('ROLE_STUDENT', 'kasun');
  nimali = await t.login('ROLE_STUDENT', 'nimali');
  courseId = (await t.createCourse(tutor.headers, 'Physical chemistry')).id;
  for (const student of [kasun, nimali]) await enrol(t, tutor.headers, courseId, student.id);

  mcq = await createExam(t, tutor.headers, courseId, {
    examIdentifier: term,
    title: 'Term test – Paper I',
    dueDate: FUTURE,
  });
  questions = [await addQuestion(t, tutor.headers, mcq.id, question('Q1', 0))];
  questions.push(await addQuestion(t, tutor.headers, mcq.id, question('Q2', 1)));
  partTwo = await createExam(t, tutor.headers, courseId, {
    examIdentifier: term,
    examType: 'TRADITIONAL',
    title: 'Term test – Paper II',
    dueDate: FUTURE,
  });
  await examAction(t, tutor.headers, mcq.id);
  await examAction(t, tutor.headers, partTwo.id);
  // kasun: one of two right (25) and a script; nimali: both right (50) and a script.
  expect((await submitMcq(t, kasun.headers, mcq.id, [pick(0, true), pick(1, false)])).statusCode).toBe(201);
  expect((await submitMcq(t, nimali.headers, mcq.id, [pick(0, true), pick(1, true)])).statusCode).toBe(201);
  for (const student of [kasun, nimali]) {
    expect((await uploadAnswer(t, student.headers, partTwo.id)).statusCode).toBe(201);
  }
  // The term test was sat a day ago: the quiz below is the newer one.
  await t.database.db
    .update(submissions)
    .set({ submittedAt: new Date(Date.now() - 86_400_000) })
    .where(eq(submissions.examId, mcq.id));
  await t.database.db
    .update(submissions)
    .set({ submittedAt: new Date(Date.now() - 86_400_000) })
    .where(eq(submissions.examId, partTwo.id));

  const quizExam = await createExam(t, tutor.headers, courseId, {
    examIdentifier: quiz,
    title: 'Quiz 1',
    dueDate: FUTURE,
  });
  await addQuestion(t, tutor.headers, quizExam.id, question('Q', 0));
  await examAction(t, tutor.headers, quizExam.id);
  expect((await submitMcq(t, kasun.headers, quizExam.id, [])).statusCode).toBe(201);

  const othersExam = await createExam(t, tutor.headers, courseId, { examIdentifier: others, dueDate: FUTURE });
  await addQuestion(t, tutor.headers, othersExam.id, question('Q', 0));
  await examAction(t, tutor.headers, othersExam.id);
  expect((await submitMcq(t, nimali.headers, othersExam.id, [])).statusCode).toBe(201);

  // Marked but not yet released: kasun's script 82 with feedback and a marked paper, MCQ feedback too.
  const script = await grade(t, tutor.headers, await submissionId(partTwo.id, kasun.id), {
    traditionalScore: '82',
    instructorFeedback: 'Balance H2O + CO2 → H2CO3 first.',
    markedPaperFile: { bytes: SAMPLE.pdf, name: 'marked.pdf' },
  });
  expect(script.statusCode, script.body).toBe(200);
  const mcqNote = await grade(t, tutor.headers, await submissionId(mcq.id, kasun.id), {
    instructorFeedback: 'Revise Q2.',
  });
  expect(mcqNote.statusCode, mcqNote.body).toBe(200);
  expect(
    (await grade(t, tutor.headers, await submissionId(partTwo.id, nimali.id), { traditionalScore: '40' })).statusCode,
  ).toBe(200);
});

describe('GET /me/marks', () => {
  it('lists one row per identifier I submitted under, newest first, never another student’s', async () => {
    const rows = await myMarks(kasun);
    expect(rows.map((row) => row.examIdentifier)).toEqual([quiz, term]);
    expect(rows[0]).toMatchObject({
      mcq: { examTitle: 'Quiz 1', status: 'Marked', published: true, score: 0 },
      partTwo: null,
      combinedTotalScore: 0,
    });
    expect((await myMarks(nimali)).map((row) => row.examIdentifier).sort()).toEqual([others, term].sort());
  });

  it('hides PART II score, grade, feedback and marked paper until its marks are published', async () => {
    const row = await rowOf(kasun, term);
    expect(row.mcq).toEqual({
      examId: mcq.id,
      examTitle: 'Term test – Paper I',
      status: 'Marked',
      published: true,
      submittedAt: expect.any(String),
      score: 25,
      feedback: 'Revise Q2.',
    });
    expect(row.partTwo).toEqual({
      examId: partTwo.id,
      examTitle: 'Term test – Paper II',
      status: 'Submitted',
      published: false,
      submittedAt: expect.any(String),
      score: null,
      grade: null,
      feedback: null,
      markedPaperUrl: null,
    });
    expect(row.combinedTotalScore).toBe(25);
  });

  it('shows them once published, with my own score and a signed link to my marked paper', async () => {
    await examAction(t, tutor.headers, partTwo.id, 'publish-grades');
    const row = await rowOf(kasun, term);
    expect(row.partTwo).toMatchObject({
      status: 'Marked',
      published: true,
      score: 82,
      grade: 'A',
      feedback: 'Balance H2O + CO2 → H2CO3 first.',
    });
    const url = row.partTwo?.markedPaperUrl as string;
    expect(url).toContain(`name=kasun_${term}_marked.pdf`);
    expect((await t.call('GET', url.replace(/^https?:\/\/[^/]+/, ''))).statusCode).toBe(200);
    expect(row.combinedTotalScore).toBe(25 + 41);
    // nimali's marks are hers: 50 and 40, no paper.
    expect(await rowOf(nimali, term)).toMatchObject({
      mcq: { score: 50, feedback: null },
      partTwo: { score: 40, grade: 'S', markedPaperUrl: null },
      combinedTotalScore: 70,
    });
  });

  it('hides the MCQ score and feedback while its exam is unpublished', async () => {
    await examAction(t, tutor.headers, mcq.id, 'unpublish');
    const row = await rowOf(kasun, term);
    expect(row.mcq).toMatchObject({ status: 'Submitted', published: false, score: null, feedback: null });
    expect(row.combinedTotalScore).toBe(41);
    await examAction(t, tutor.headers, mcq.id, 'publish');
    expect((await rowOf(kasun, term)).mcq).toMatchObject({ status: 'Marked', score: 25 });
  });

  it('answers an empty list to a student with no submissions', async () => {
    expect(await myMarks(await t.login('ROLE_STUDENT'))).toEqual([]);
  });

  it('refuses staff (403) and anyone signed out (401)', async () => {
    expect((await t.call('GET', '/api/me/marks', tutor.headers)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/me/marks')).statusCode).toBe(401);
  });
});
