import { beforeAll, describe, expect, it } from 'vitest';
import { enrol } from '../../test/exams.js';
import { type AuthHeaders, expectMessage, type Login, useTestApp } from '../../test/harness.js';
import { addLecture, daysFromNow } from '../../test/lectures.js';

const t = useTestApp();
let staff: AuthHeaders;
/** Pause and resume are a superadmin's. */
let boss: AuthHeaders;
let pupil: Login;
let other: Login;
const course: Record<string, number> = {};
const lecture: Record<string, number> = {};

const at = daysFromNow;

beforeAll(async () => {
  staff = (await t.login('ROLE_ADMIN', 'tutor')).headers;
  boss = (await t.login('ROLE_SUPERADMIN', 'owner')).headers;
  pupil = await t.login('ROLE_STUDENT', 'nimali');
  other = await t.login('ROLE_STUDENT', 'tharindu');
  course.mine = (await t.createCourse(staff, 'Organic chemistry')).id;
  course.paused = (await t.createCourse(staff, 'Physical chemistry')).id;
  course.disabled = (await t.createCourse(staff, 'Inorganic chemistry')).id;
  course.notMine = (await t.createCourse(staff, 'Revision')).id;
  for (const id of [course.mine, course.paused, course.disabled]) await enrol(t, staff, id as number, pupil.id);
  await enrol(t, staff, course.notMine as number, other.id);
  const disabled = (await t.call('GET', `/api/enrollments/student/${pupil.id}`, staff))
    .json()
    .find((e: { courseId: number }) => e.courseId === course.disabled);
  await t.call('PUT', `/api/enrollments/${disabled.id}`, staff, { status: 'DISABLED' });
  expect((await t.call('PUT', `/api/enrollments/course/${course.paused}/disable`, boss)).statusCode).toBe(204);

  lecture.live = await addLecture(t, staff, { courseId: course.mine as number, name: 'Alkenes', liveAt: at(-2) });
  lecture.future = await addLecture(t, staff, { courseId: course.mine as number, name: 'Aromatics', liveAt: at(3) });
  lecture.expired = await addLecture(t, staff, {
    courseId: course.mine as number,
    name: 'Alkanes',
    liveAt: at(-30),
    expiresAt: at(-1),
  });
  lecture.stillOpen = await addLecture(t, staff, {
    courseId: course.mine as number,
    name: 'Alcohols',
    liveAt: at(-5),
    expiresAt: at(5),
  });
  lecture.otherCourse = await addLecture(t, staff, {
    courseId: course.notMine as number,
    name: 'Past papers',
    liveAt: at(-2),
  });
  lecture.pausedCourse = await addLecture(t, staff, {
    courseId: course.paused as number,
    name: 'Kinetics',
    liveAt: at(-2),
  });
});

describe('GET /me/courses', () => {
  it('lists only courses with an ACTIVE enrolment: a paused course and a disabled enrolment drop out', async () => {
    const answer = await t.call('GET', '/api/me/courses', pupil.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().map((c: { title: string }) => c.title)).toEqual(['Organic chemistry']);
  });

  it('is for students: staff get 403', async () => {
    expect((await t.call('GET', '/api/me/courses', staff)).statusCode).toBe(403);
  });

  it('shows a resumed course again at once', async () => {
    await t.call('PUT', `/api/enrollments/course/${course.paused}/enable`, boss);
    const titles = (await t.call('GET', '/api/me/courses', pupil.headers))
      .json()
      .map((c: { title: string }) => c.title);
    expect(titles.sort()).toEqual(['Organic chemistry', 'Physical chemistry']);
    await t.call('PUT', `/api/enrollments/course/${course.paused}/disable`, boss);
  });
});

describe('GET /me/courses/{id}/resources', () => {
  it('gives the lectures live now and not expired, with their links', async () => {
    const answer = await t.call('GET', `/api/me/courses/${course.mine}/resources`, pupil.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().map((r: { name: string }) => r.name)).toEqual(['Alcohols', 'Alkenes']);
    expect(answer.json()[0].url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('refuses a course the student is not actively enrolled in, and answers 404 for no course', async () => {
    for (const id of [course.notMine, course.paused, course.disabled]) {
      expectMessage(
        await t.call('GET', `/api/me/courses/${id}/resources`, pupil.headers),
        403,
        'You are not enrolled in this course.',
      );
    }
    expectMessage(await t.call('GET', '/api/me/courses/99999/resources', pupil.headers), 404, 'Course not found.');
  });
});

describe('POST /api/watchtime', () => {
  const post = (body: object, who: Login = pupil) => t.call('POST', '/api/api/watchtime', who.headers, body);

  it("records a sitting with the lecture's name and the server's time, seen by staff", async () => {
    const before = Date.now();
    const answer = await post({ resourceId: lecture.live, watchedDuration: 754.5 });
    expect(answer.statusCode).toBe(201);
    const record = answer.json();
    expect(record).toMatchObject({ videoName: 'Alkenes', watchedDuration: 754.5 });
    expect(Date.parse(record.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(record.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
    const total = await t.call('GET', '/api/api/watchtime/total/nimali', staff);
    expect(total.json()).toBe(754.5);
  });

  it('bounds the seconds: more than 0, at most the length plus a minute', async () => {
    expect((await post({ resourceId: lecture.live, watchedDuration: 1860 })).statusCode).toBe(201);
    expectMessage(
      await post({ resourceId: lecture.live, watchedDuration: 1861 }),
      400,
      "watchedDuration must be at most the lecture's length plus 60 seconds (1860 seconds).",
    );
    for (const watchedDuration of [0, -5]) {
      expectMessage(
        await post({ resourceId: lecture.live, watchedDuration }),
        400,
        'watchedDuration must be more than 0 seconds.',
      );
    }
    expectMessage(
      await post({ resourceId: lecture.live, watchedDuration: '60' }),
      400,
      'watchedDuration must be a number of seconds.',
    );
  });

  it('only for a lecture the student may watch now', async () => {
    const refused = [
      [lecture.otherCourse, 403, 'You are not enrolled in this course.'],
      [lecture.pausedCourse, 403, 'You are not enrolled in this course.'],
      [lecture.future, 403, 'This lecture is not available now.'],
      [lecture.expired, 403, 'This lecture is not available now.'],
      [99999, 404, 'Resource not found.'],
    ] as const;
    for (const [resourceId, status, message] of refused) {
      expectMessage(await post({ resourceId, watchedDuration: 10 }), status, message);
    }
  });

  it('is for students: staff get 403 and nothing is written', async () => {
    expect(
      (await t.call('POST', '/api/api/watchtime', staff, { resourceId: lecture.live, watchedDuration: 5 })).statusCode,
    ).toBe(403);
    expect((await t.call('GET', '/api/api/watchtime/total/nimali', staff)).json()).toBe(754.5 + 1860);
  });
});

describe('the OpenAPI page', () => {
  it("shows a worked example of each of the students' app's calls", async () => {
    const spec = (await t.call('GET', '/api/docs/json')).json();
    // Swagger lifts a schema's `examples` to the media type's `example`; an `example` stays on the schema.
    type Media = { example?: unknown; schema?: { example?: unknown; examples?: unknown[] } };
    const exampleOf = (media: Media) => media.example ?? media.schema?.example ?? media.schema?.examples?.[0];
    const answer = (path: string, method: string, status = '200') =>
      exampleOf(spec.paths[path][method].responses[status].content['application/json']) as Record<string, unknown>;
    const body = (path: string, method = 'post') =>
      exampleOf(spec.paths[path][method].requestBody.content['application/json']) as Record<string, unknown>;

    expect(body('/api/signin')).toHaveProperty('username');
    expect(answer('/api/signin', 'post')).toMatchObject({ roles: ['ROLE_STUDENT'] });
    expect(answer('/api/me', 'get')).toMatchObject({ roles: ['ROLE_STUDENT'] });
    expect(answer('/api/me/courses', 'get')).toHaveLength(1);
    expect(answer('/api/me/courses/{id}/resources', 'get')).toHaveLength(1);
    expect(body('/api/api/watchtime')).toEqual({ resourceId: 41, watchedDuration: 1754.5 });
    expect(answer('/api/api/watchtime', 'post', '201')).toHaveProperty('videoName');
    const exams = answer('/api/me/exams', 'get');
    expect(exams).toHaveLength(1);
    expect(exams).not.toHaveProperty('0.questions');
    const exam = answer('/api/me/exams/{examId}', 'get');
    expect(exam).toHaveProperty('questions');
    expect(JSON.stringify(exam)).not.toContain('isCorrect');
    expect(body('/api/api/v1/submissions/exam/{examId}/draft', 'put')).toHaveProperty('revision');
    expect(answer('/api/api/v1/submissions/exam/{examId}/draft', 'get')).toHaveProperty('answers');
    expect(answer('/api/api/v1/exams/{id}/paper', 'get')).toHaveProperty('url');
    expect(body('/api/api/v1/submissions/exam/{examId}/mcq')).toHaveProperty('answers');
    expect(answer('/api/api/v1/submissions/exam/{examId}/mcq', 'post', '201')).toHaveProperty('mcqScore', 42);
    const score = answer('/api/api/v1/submissions/student/{studentId}/exam-score/{examIdentifier}', 'get');
    expect(score).toMatchObject({ mcqScore: 40, traditionalScore: 90, combinedTotalScore: 85 });
  });
});
