import { beforeAll, describe, expect, it } from 'vitest';
import { createExam, postExam, postQuestion, question } from './exams.js';
import { expectMessage, expectMessageContaining, type Login, type Method, useTestApp } from './harness.js';
import { sendForm } from './multipart.js';

/** Input no client should send, each answered 4xx with a sentence, never 500. */
const t = useTestApp();
let boss: Login;
let courseId: number;
let studentId: number;
beforeAll(async () => {
  boss = await t.login('ROLE_SUPERADMIN');
  courseId = (await t.createCourse(boss.headers, 'Kinetics', 'Rates')).id;
  studentId = (await t.login('ROLE_STUDENT')).id;
});

const send = (method: Method, url: string, payload?: object) => t.call(method, url, boss.headers, payload);

const ID_MESSAGE = 'The id must be a whole number from 1 to 2147483647.';

describe('ids', () => {
  it.each(['2147483648', '99999999999999999999', '1e3', '0x10', '%201', '+2', '012', '0', '-1', '1.5', 'abc'])(
    'refuses /courses/%s with 400',
    async (id) => {
      for (const [method, url] of [
        ['GET', `/api/courses/${id}`],
        ['DELETE', `/api/courses/${id}`],
        ['PUT', `/api/enrollments/course/${id}/disable`],
        ['GET', `/api/enrollments/course/${id}`],
        ['DELETE', `/api/resources/${id}`],
        ['GET', `/api/api/v1/exams/${id}`],
        ['DELETE', `/api/api/v1/exams/${id}`],
        ['POST', `/api/api/v1/exams/${id}/publish`],
        ['POST', `/api/api/v1/exams/${id}/unpublish-grades`],
        ['POST', `/api/api/v1/submissions/${id}/grade`],
        ['GET', `/api/api/v1/submissions/${id}/mcq-feedback`],
      ] as const) {
        const answer = await send(method, url);
        expect(answer.statusCode, `${method} ${url}`).toBe(400);
        expect(answer.json().message).toBe(ID_MESSAGE);
      }
    },
  );

  it.each(['0', '1e3', '2147483648', 'abc'])('names the id in exam and question paths: %s', async (id) => {
    const named = (name: string) => `${name} must be a whole number from 1 to 2147483647.`;
    for (const [method, url, name] of [
      ['GET', `/api/api/v1/exams/course/${id}/all`, 'courseId'],
      ['GET', `/api/api/v1/exams/${id}/mcq-questions`, 'examId'],
      ['POST', `/api/api/v1/exams/${id}/mcq-questions/bulk`, 'examId'],
      ['DELETE', `/api/api/v1/exams/1/mcq-questions/${id}`, 'questionId'],
      ['PUT', `/api/api/v1/exams/1/mcq-questions/${id}`, 'questionId'],
      ['GET', `/api/api/v1/submissions/exam/${id}`, 'examId'],
      ['GET', `/api/api/v1/exams/student/${id}/score-summary`, 'studentId'],
      ['GET', `/api/api/v1/submissions/admin/student/${id}/marks-summary/CHEM_1`, 'studentId'],
      ['GET', `/api/api/v1/submissions/student/${id}/exam-score/CHEM_1`, 'studentId'],
    ] as const) {
      expectMessage(await send(method, url), 400, named(name));
    }
  });

  it.each(['0', '1e3', '2147483648', 'abc'])("names the id in the students' exam paths: %s", async (id) => {
    const student = await t.login('ROLE_STUDENT');
    const named = (name: string) => `${name} must be a whole number from 1 to 2147483647.`;
    for (const [method, url, message] of [
      ['GET', `/api/api/v1/exams/${id}/paper`, ID_MESSAGE],
      ['POST', `/api/api/v1/submissions/exam/${id}/mcq`, named('examId')],
      ['POST', `/api/api/v1/submissions/exam/${id}/upload`, named('examId')],
      ['GET', `/api/api/v1/submissions/student/${id}/exam-score/CHEM_1`, named('studentId')],
    ] as const) {
      expectMessage(await t.call(method, url, student.headers, { answers: [] }), 400, message);
    }
  });

  it('refuses MCQ answers whose ids are not ids, and an identifier longer than 64', async () => {
    const student = await t.login('ROLE_STUDENT');
    const post = (answers: unknown) =>
      t.call('POST', '/api/api/v1/submissions/exam/1/mcq', student.headers, { answers });
    expectMessageContaining(await post([{ questionId: 0, optionId: 1 }]), 400, 'questionId must be a whole number');
    expectMessageContaining(await post([{ questionId: 1, optionId: '1e3' }]), 400, 'optionId must be a whole number');
    expectMessageContaining(await post('x'), 400, 'answers');
    const long = 'X'.repeat(65);
    expect((await send('GET', `/api/api/v1/submissions/admin/student/1/marks-summary/${long}`)).statusCode).toBe(400);
  });

  it('still finds a real id, and answers 404 for the largest id that does not exist', async () => {
    expect((await send('GET', `/api/courses/${courseId}`)).statusCode).toBe(200);
    expect((await send('GET', '/api/courses/2147483647')).statusCode).toBe(404);
  });

  it.each([
    [{ studentId: 2147483648, courseId: 1 }, 'studentId must be a whole number from 1 to 2147483647.'],
    [{ studentId: '1e3', courseId: 1 }, 'studentId must be a whole number from 1 to 2147483647.'],
    [{ studentId: 1.5, courseId: 1 }, 'studentId must be a whole number from 1 to 2147483647.'],
    [{ studentId: 1, courseId: '0x10' }, 'courseId must be a whole number from 1 to 2147483647.'],
  ])('refuses enrolment ids %j', async (payload, message) => {
    expectMessageContaining(await send('POST', '/api/enrollments', payload), 400, message);
  });

  it('takes an id given as canonical decimal text in a body', async () => {
    const answer = await send('POST', '/api/enrollments', { studentId: String(studentId), courseId: String(courseId) });
    expect(answer.statusCode).toBe(201);
  });
});

describe('text', () => {
  it.each([
    ['\u200B\u200B', 'Title is required.'],
    ['\u00A0 \u2003', 'Title is required.'],
    ['\uFEFF\u2060', 'Title is required.'],
    ['a\u0000b', 'Title must not contain a NUL character.'],
  ])('refuses the course title %j', async (title, message) => {
    expectMessage(await send('POST', '/api/courses', { title, description: 'Fine' }), 400, message);
  });

  it('keeps zero-width joiners inside real text (Sinhala conjuncts need them)', async () => {
    const title = 'ශ්\u200Dරී Chemistry';
    const answer = await send('POST', '/api/courses', { title, description: 'Fine' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().title).toBe(title);
  });

  it('refuses NUL in every other text that reaches the database', async () => {
    const resource = await send('POST', '/api/resources', {
      courseId,
      name: 'a\u0000b',
      type: 'link',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      duration: 60,
      liveAt: '2026-11-23T10:00:00Z',
      recordingAt: '2026-11-23T10:00:00Z',
    });
    expectMessage(resource, 400, 'Resource name must not contain a NUL character.');
    expectMessage(await t.signin('a\u0000b', 'x'), 400, 'Username must not contain a NUL character.');
    const staff = await send('POST', '/api/staff', { username: 'a\u0000b', password: 'secret12', role: 'ROLE_ADMIN' });
    expect(staff.statusCode).toBe(400);
    const exam = { courseId, title: 'a\u0000b', description: 'd', dueDate: '2026-12-01T10:00', examType: 'MCQ' };
    const examAnswer = await postExam(t, boss.headers, { ...exam, examIdentifier: 'NUL_TEST' });
    expectMessage(examAnswer, 400, 'Title must not contain a NUL character.');
    const mcq = await createExam(t, boss.headers, courseId);
    expectMessage(
      await postQuestion(t, boss.headers, mcq.id, question('a\u0000b')),
      400,
      'The question text must not contain a NUL character.',
    );
    const nulOption = question();
    nulOption.options[1] = { optionText: 'O\u00002', isCorrect: false };
    expectMessage(
      await postQuestion(t, boss.headers, mcq.id, nulOption),
      400,
      'An option must not contain a NUL character.',
    );
    const bulk = await sendForm(t, 'POST', `/api/api/v1/exams/${mcq.id}/mcq-questions/bulk`, boss.headers, {
      questions: JSON.stringify([question(), question('x\u0000')]),
    });
    expectMessage(bulk, 400, 'Question 2: The question text must not contain a NUL character.');
  });

  it('says a 129-character sign-in password is too long, not missing', async () => {
    expectMessage(await t.signin('someone', 'x'.repeat(129)), 400, 'Password must be at most 128 characters.');
  });
});
