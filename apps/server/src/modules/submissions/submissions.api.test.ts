import { readdir } from 'node:fs/promises';
import { type Exam, type McqQuestion, SUBMISSION_MESSAGES } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { submissionAnswers, submissions } from '../../db/schema.js';
import { addQuestion, createExam, enrol, examAction, question, uniqueIdentifier } from '../../test/exams.js';
import { createTestApp, expectMessage, type Login, useTestApp } from '../../test/harness.js';
import { SAMPLE } from '../../test/multipart.js';
import { grade, SUBMISSIONS, submitMcq, uploadAnswer } from '../../test/submissions.js';
import { ANSWERED_TWICE, NO_PAPER, WRONG_WAY } from './service.js';

const t = useTestApp();
let tutor: Login;
let pupil: Login;
let outsider: Login;
let courseId: number;
let otherCourseId: number;
const FUTURE = '2030-12-01T10:00';
const PAST = '2026-01-01T10:00';
const identifier = uniqueIdentifier('WEEK');
let mcq: Exam;
let partTwo: Exam;
let questions: McqQuestion[];

const myExams = (who = pupil) => t.call('GET', '/api/me/exams', who.headers);
const paper = (examId: number, who = pupil) => t.call('GET', `/api/api/v1/exams/${examId}/paper`, who.headers);
const score = (studentId: number, who: Login, id = identifier) =>
  t.call('GET', `${SUBMISSIONS}/student/${studentId}/exam-score/${id}`, who.headers);
const option = (q: number, i: number): [number, number] => [
  (questions[q] as McqQuestion).id,
  (questions[q] as McqQuestion).options[i]?.id as number,
];

/** A published exam of the course with `n` questions (the first option right) or a PART II paper. */
async function openExam(course: number, overrides: Record<string, unknown> = {}, n = 2) {
  const exam = await createExam(t, tutor.headers, course, { dueDate: FUTURE, ...overrides });
  const added: McqQuestion[] = [];
  if (exam.examType === 'MCQ') for (let i = 0; i < n; i++) added.push(await addQuestion(t, tutor.headers, exam.id));
  await examAction(t, tutor.headers, exam.id);
  return { exam, questions: added };
}

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  pupil = await t.login('ROLE_STUDENT', 'nimali');
  outsider = await t.login('ROLE_STUDENT', 'kasun');
  courseId = (await t.createCourse(tutor.headers, 'Organic chemistry')).id;
  otherCourseId = (await t.createCourse(tutor.headers, 'Revision')).id;
  await enrol(t, tutor.headers, courseId, pupil.id);
  await enrol(t, tutor.headers, otherCourseId, outsider.id);
  mcq = await createExam(t, tutor.headers, courseId, { dueDate: FUTURE, examIdentifier: identifier });
  // Four questions whose correct options sit in different places, so order cannot give them away.
  questions = [];
  for (const correct of [2, 0, 4, 1])
    questions.push(await addQuestion(t, tutor.headers, mcq.id, question('Q', correct)));
  await examAction(t, tutor.headers, mcq.id);
  ({ exam: partTwo } = await openExam(courseId, { examIdentifier: identifier, examType: 'TRADITIONAL' }));
});

describe('GET /me/exams', () => {
  it('lists the published exams of my active courses, never with the answer key', async () => {
    await createExam(t, tutor.headers, courseId, { dueDate: FUTURE, title: 'Not yet published' });
    await openExam(otherCourseId, { title: 'Another course' });
    const answer = await myExams();
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('isCorrect');
    const exams = answer.json();
    expect(exams.map((exam: { id: number }) => exam.id)).toEqual([mcq.id, partTwo.id]);
    expect(exams[0]).toMatchObject({
      courseTitle: 'Organic chemistry',
      examType: 'MCQ',
      questionCount: 4,
      submitted: false,
      submittedAt: null,
      hasDraft: false,
    });
    // The list carries no questions: each exam's own call does.
    expect(exams[0]).not.toHaveProperty('questions');
    const one = await t.call('GET', `/api/me/exams/${mcq.id}`, pupil.headers);
    expect(one.body).not.toContain('isCorrect');
    const { questions: sent } = one.json();
    expect(sent[0]).toEqual({
      id: questions[0]?.id,
      questionText: 'Q',
      questionImageUrl: null,
      options: questions[0]?.options.map((o) => ({ id: o.id, optionText: o.optionText })),
    });
    expect(sent[0].options.map((o: { optionText: string }) => o.optionText)).toEqual(['H2', 'O2', 'CO2', 'N2', 'Cl2']);
    expect(exams[1]).toMatchObject({ examType: 'TRADITIONAL', questionCount: 0, submitted: false });
    expect((await myExams(outsider)).json().map((exam: { title: string }) => exam.title)).toEqual(['Another course']);
  });

  it('drops a disabled enrolment’s exams and answers 401 for a force-logged-out student', async () => {
    const student = await t.login('ROLE_STUDENT');
    await enrol(t, tutor.headers, courseId, student.id, 'DISABLED');
    expect((await myExams(student)).json()).toEqual([]);
    const logout = await t.call('POST', '/api/logoutstudent', tutor.headers, { username: student.username });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await myExams(student)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/exams/{id}/paper', () => {
  it('links the paper of a published PART II exam of my course only', async () => {
    const answer = await paper(partTwo.id);
    expect(answer.statusCode).toBe(200);
    expect((await t.call('GET', answer.json().url)).rawPayload.equals(SAMPLE.pdf)).toBe(true);
    expectMessage(await paper(partTwo.id, outsider), 403, 'You are not enrolled in this course.');
    expectMessage(await paper(mcq.id), 404, NO_PAPER);
    const hidden = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: FUTURE });
    expectMessage(await paper(hidden.id), 404, 'Exam not found.');
    expectMessage(await paper(hidden.id, outsider), 404, 'Exam not found.');
    expectMessage(await paper(987654), 404, 'Exam not found.');
  });
});

describe('POST /api/v1/submissions/exam/{examId}/mcq', () => {
  it('checks every option belongs to its own question of this exam, each question once', async () => {
    const { exam: elsewhere, questions: foreign } = await openExam(courseId);
    const theirs = foreign[0] as McqQuestion;
    for (const answers of [
      [[(questions[0] as McqQuestion).id, (questions[1] as McqQuestion).options[0]?.id]],
      [[theirs.id, theirs.options[0]?.id]],
      [[(questions[0] as McqQuestion).id, theirs.options[0]?.id]],
    ] as [number, number][][]) {
      expectMessage(await submitMcq(t, pupil.headers, mcq.id, answers), 400, SUBMISSION_MESSAGES.notYourOption);
    }
    expectMessage(await submitMcq(t, pupil.headers, mcq.id, [option(0, 2), option(0, 1)]), 400, ANSWERED_TWICE);
    expectMessage(await submitMcq(t, pupil.headers, partTwo.id, []), 400, WRONG_WAY.TRADITIONAL);
    expectMessage(await submitMcq(t, outsider.headers, mcq.id, []), 403, 'You are not enrolled in this course.');
    expect((await myExams()).json().find((e: { id: number }) => e.id === elsewhere.id).submitted).toBe(false);
  });

  it('scores at once out of 50, unanswered counting as wrong, and takes one submission only', async () => {
    const answer = await submitMcq(t, pupil.headers, mcq.id, [option(0, 2), option(1, 0), option(2, 3)]);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({
      id: expect.any(Number),
      examId: mcq.id,
      submittedAt: expect.any(String),
      mcqScore: 25,
      traditionalScore: null,
    });
    const stored = await t.database.db
      .select()
      .from(submissionAnswers)
      .where(eq(submissionAnswers.submissionId, answer.json().id));
    expect(stored).toHaveLength(3);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, answer.json().id));
    expect(row?.gradedAt).not.toBeNull();
    expectMessage(await submitMcq(t, pupil.headers, mcq.id, []), 409, SUBMISSION_MESSAGES.alreadySubmitted);
    expect((await myExams()).json()[0].submitted).toBe(true);
  });

  it('keeps one submission when five arrive at once', async () => {
    const { exam } = await openExam(courseId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => submitMcq(t, pupil.headers, exam.id, [])));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.database.db.select().from(submissions).where(eq(submissions.examId, exam.id));
    expect(rows).toHaveLength(1);
  });

  it('is closed after the due date, and unknown while unpublished', async () => {
    const { exam: late } = await openExam(courseId, { dueDate: PAST });
    expectMessage(await submitMcq(t, pupil.headers, late.id, []), 409, SUBMISSION_MESSAGES.pastDue);
    const { exam: withdrawn } = await openExam(courseId);
    await examAction(t, tutor.headers, withdrawn.id, 'unpublish');
    expectMessage(await submitMcq(t, pupil.headers, withdrawn.id, []), 404, 'Exam not found.');
    expectMessage(await submitMcq(t, pupil.headers, 987654, []), 404, 'Exam not found.');
  });
});

describe('POST /api/v1/submissions/exam/{examId}/upload', () => {
  const answerFiles = () => readdir(`${t.dataDir}/files/answers`).catch(() => [] as string[]);

  it('takes a script, replaces it until marked, and removes the one replaced', async () => {
    const first = await uploadAnswer(t, pupil.headers, partTwo.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ examId: partTwo.id, mcqScore: null, traditionalScore: null });
    const before = await answerFiles();
    expect(before).toHaveLength(1);
    const second = await uploadAnswer(t, pupil.headers, partTwo.id, { bytes: SAMPLE.png, name: 'photo.png' });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const after = await answerFiles();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/photo\.png$/);
    expectMessage(
      await uploadAnswer(t, pupil.headers, partTwo.id, { bytes: SAMPLE.gif, name: 'x.gif' }),
      400,
      'Your answer must be a PDF, Word (.doc, .docx), JPG or PNG file.',
    );
    expectMessage(await uploadAnswer(t, pupil.headers, mcq.id), 400, WRONG_WAY.MCQ);
    expectMessage(await uploadAnswer(t, outsider.headers, partTwo.id), 403, 'You are not enrolled in this course.');
    expect((await grade(t, tutor.headers, first.json().id, { traditionalScore: '64' })).statusCode).toBe(200);
    expectMessage(await uploadAnswer(t, pupil.headers, partTwo.id), 409, SUBMISSION_MESSAGES.marked);
    expect(await answerFiles()).toEqual(after);
  });

  it('makes one row of two first uploads at once, keeping one file', async () => {
    const { exam } = await openExam(courseId, { examType: 'TRADITIONAL' });
    const answers = await Promise.all([
      uploadAnswer(t, pupil.headers, exam.id),
      uploadAnswer(t, pupil.headers, exam.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.database.db.select().from(submissions).where(eq(submissions.examId, exam.id));
    expect(rows).toHaveLength(1);
    expect(await t.storage.stat(rows[0]?.answerKey as string)).not.toBeNull();
    expect(await answerFiles()).toHaveLength(2);
  });

  it('is closed after the due date, and refuses a script over ANSWER_MAX_BYTES with 413', async () => {
    const { exam: late } = await openExam(courseId, { examType: 'TRADITIONAL', dueDate: PAST });
    expectMessage(await uploadAnswer(t, pupil.headers, late.id), 409, SUBMISSION_MESSAGES.pastDue);
    const small = await createTestApp({ env: { ANSWER_MAX_BYTES: '2048' } });
    try {
      const staff = await small.login('ROLE_ADMIN');
      const student = await small.login('ROLE_STUDENT');
      const course = await small.createCourse(staff.headers);
      await enrol(small, staff.headers, course.id, student.id);
      const exam = await createExam(small, staff.headers, course.id, { examType: 'TRADITIONAL', dueDate: FUTURE });
      await examAction(small, staff.headers, exam.id);
      const big = Buffer.concat([SAMPLE.pdf, Buffer.alloc(4096, 0x20)]);
      expectMessage(
        await uploadAnswer(small, student.headers, exam.id, { bytes: big }),
        413,
        'Your answer is larger than 2 KB.',
      );
      expect((await uploadAnswer(small, student.headers, exam.id)).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('GET /api/v1/submissions/student/{studentId}/exam-score/{examIdentifier}', () => {
  it('shows a student only their own marks, and PART II only once its marks are published', async () => {
    expectMessage(await score(outsider.id, pupil), 403, 'You may only see your own scores.');
    const hidden = (await score(pupil.id, pupil)).json();
    expect(hidden).toEqual({
      studentId: pupil.id,
      examIdentifier: identifier,
      mcqScore: 25,
      traditionalScore: null,
      combinedTotalScore: 25,
      mcqPublished: true,
      traditionalPublished: false,
    });
    // Staff see every mark, and whether it is published.
    expect((await score(pupil.id, tutor)).json()).toMatchObject({ traditionalScore: 64, combinedTotalScore: 57 });
    await examAction(t, tutor.headers, partTwo.id, 'publish-grades');
    expect((await score(pupil.id, pupil)).json()).toMatchObject({
      mcqScore: 25,
      traditionalScore: 64,
      combinedTotalScore: 57,
      traditionalPublished: true,
    });
    await examAction(t, tutor.headers, mcq.id, 'unpublish');
    expect((await score(pupil.id, pupil)).json()).toMatchObject({ mcqScore: null, combinedTotalScore: 32 });
    await examAction(t, tutor.headers, mcq.id, 'publish');
  });

  it('answers 404 for an unknown identifier, and for one the student has nothing under', async () => {
    expectMessage(await score(pupil.id, pupil, 'NOPE_9'), 404, 'No exam with that identifier.');
    const { exam } = await openExam(courseId);
    expectMessage(await score(pupil.id, pupil, exam.examIdentifier), 404, 'No submission for this exam identifier.');
  });
});
