import type { Exam, StudentExam, StudentExamSummary } from '@valence/contract';
import { beforeAll, expect, it } from 'vitest';
import { addQuestion, createExam, enrol, examAction, question } from './exams.js';
import { type Login, useTestApp } from './harness.js';
import { grade, SUBMISSIONS, uploadAnswer } from './submissions.js';

/**
 * A student's whole week through the API, as the students' app and the portal would make it: staff
 * set up a course, lectures and an exam pair; the student signs in, watches, sits both papers and
 * reads the combined score before and after the marks are published.
 */
const t = useTestApp();
let tutor: Login;
beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
});

const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

it("runs a student's week: courses, lectures, the MCQ, a PART II script, the score before and after publication", async () => {
  // Staff: a course, two lectures, an MCQ paper of four questions and a PART II paper, a student.
  const course = await t.createCourse(tutor.headers, 'A/L Chemistry 2026', 'Theory and revision');
  const lectures: number[] = [];
  for (const name of ['Atomic structure', 'Chemical bonding']) {
    const answer = await t.call('POST', '/api/resources', tutor.headers, {
      name,
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      type: 'link',
      courseId: course.id,
      duration: 3600,
      liveAt: at(-1),
      recordingAt: at(-1),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    lectures.push(answer.json().id);
  }
  const identifier = `WEEK_${Date.now().toString(36).toUpperCase()}`;
  const mcq: Exam = await createExam(t, tutor.headers, course.id, { examIdentifier: identifier, dueDate: at(7) });
  const questions = [];
  for (const correct of [0, 1, 2, 3])
    questions.push(await addQuestion(t, tutor.headers, mcq.id, question('Q', correct)));
  const partTwo = await createExam(t, tutor.headers, course.id, {
    examIdentifier: identifier,
    examType: 'TRADITIONAL',
    dueDate: at(7),
  });
  await examAction(t, tutor.headers, mcq.id);
  await examAction(t, tutor.headers, partTwo.id);
  const student = await t.createStudent(tutor.headers, 'sanduni');
  await enrol(t, tutor.headers, course.id, student.id);

  // The student signs in and sees the course and its lectures.
  const signin = await t.signin('sanduni', 'student-pw');
  expect(signin.statusCode).toBe(200);
  expect(signin.json().roles).toEqual(['ROLE_STUDENT']);
  const me = { authorization: `Bearer ${signin.json().jwtToken}` };
  const courses = (await t.call('GET', '/api/me/courses', me)).json();
  expect(courses.map((c: { id: number }) => c.id)).toEqual([course.id]);
  const live = (await t.call('GET', `/api/me/courses/${course.id}/resources`, me)).json();
  expect(live).toHaveLength(2);
  for (const [i, resourceId] of lectures.entries()) {
    const watched = await t.call('POST', '/api/api/watchtime', me, { resourceId, watchedDuration: 1200 + i * 600 });
    expect(watched.statusCode, watched.body).toBe(201);
  }
  expect((await t.call('GET', '/api/api/watchtime/total/sanduni', tutor.headers)).json()).toBe(3000);

  // The MCQ: three of four right is 37.5 out of 50.
  const exams: StudentExamSummary[] = (await t.call('GET', '/api/me/exams', me)).json();
  expect(exams.map((exam) => exam.examType)).toEqual(['MCQ', 'TRADITIONAL']);
  const paper: StudentExam = (await t.call('GET', `/api/me/exams/${exams[0]?.id}`, me)).json();
  const answers = paper.questions.map((q, i) => ({ questionId: q.id, optionId: q.options[i === 3 ? 0 : i]?.id }));
  // Halfway through, the app saves the choices so far; the list shows the sitting begun.
  const saved = await t.call('PUT', `${SUBMISSIONS}/exam/${mcq.id}/draft`, me, {
    answers: answers.slice(0, 2),
    revision: 1,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await t.call('GET', '/api/me/exams', me)).json()[0]).toMatchObject({ hasDraft: true, submitted: false });
  const sat = await t.call('POST', `${SUBMISSIONS}/exam/${mcq.id}/mcq`, me, { answers });
  expect(sat.statusCode, sat.body).toBe(201);
  expect(sat.json().mcqScore).toBe(37.5);
  expect((await t.call('GET', '/api/me/exams', me)).json()[0]).toMatchObject({ hasDraft: false, submitted: true });

  // PART II: the paper, then the script.
  expect((await t.call('GET', `/api/api/v1/exams/${partTwo.id}/paper`, me)).statusCode).toBe(200);
  const script = await uploadAnswer(t, me, partTwo.id);
  expect(script.statusCode, script.body).toBe(201);

  // Marked but not published: the student sees the MCQ part only.
  expect((await grade(t, tutor.headers, script.json().id, { traditionalScore: '80' })).statusCode).toBe(200);
  const scoreUrl = `${SUBMISSIONS}/student/${student.id}/exam-score/${identifier}`;
  expect((await t.call('GET', scoreUrl, me)).json()).toMatchObject({
    mcqScore: 37.5,
    traditionalScore: null,
    combinedTotalScore: 37.5,
    traditionalPublished: false,
  });

  // Marks go out: the combined score is MCQ + half of PART II.
  await examAction(t, tutor.headers, partTwo.id, 'publish-grades');
  expect((await t.call('GET', scoreUrl, me)).json()).toEqual({
    studentId: student.id,
    examIdentifier: identifier,
    mcqScore: 37.5,
    traditionalScore: 80,
    combinedTotalScore: 77.5,
    mcqPublished: true,
    traditionalPublished: true,
  });
  const rows = (await t.call('GET', `/api/api/v1/exams/student/${student.id}/score-summary`, me)).json();
  expect(rows).toEqual([
    {
      examIdentifier: identifier,
      courseTitle: 'A/L Chemistry 2026',
      mcqScore: 37.5,
      traditionalScore: 80,
      combinedTotalScore: 77.5,
    },
  ]);
});
