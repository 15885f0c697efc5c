import { beforeAll, describe, expect, it } from 'vitest';
import { enrol } from '../../test/exams.js';
import { type AuthHeaders, expectMessage, type Login, useTestApp } from '../../test/harness.js';
import { addLecture, daysFromNow } from '../../test/lectures.js';

const t = useTestApp();
let staff: AuthHeaders;
/** Pausing a course is a superadmin's. */
let boss: AuthHeaders;
let pupil: Login;
let stranger: Login;
const course: Record<string, number> = {};

const at = daysFromNow;

const upcoming = (courseId: number | undefined, headers: AuthHeaders) =>
  t.call('GET', `/api/me/courses/${courseId}/upcoming`, headers);

beforeAll(async () => {
  staff = (await t.login('ROLE_ADMIN', 'tutor')).headers;
  boss = (await t.login('ROLE_SUPERADMIN', 'owner')).headers;
  pupil = await t.login('ROLE_STUDENT', 'sachini');
  stranger = await t.login('ROLE_STUDENT', 'kavindu');
  course.mine = (await t.createCourse(staff, 'Organic chemistry')).id;
  course.disabled = (await t.createCourse(staff, 'Inorganic chemistry')).id;
  course.paused = (await t.createCourse(staff, 'Physical chemistry')).id;
  await enrol(t, staff, course.mine as number, pupil.id);
  const disabled = await enrol(t, staff, course.disabled as number, pupil.id);
  expect((await t.call('PUT', `/api/enrollments/${disabled}`, staff, { status: 'DISABLED' })).statusCode).toBe(200);
  await enrol(t, staff, course.paused as number, pupil.id);
  expect((await t.call('PUT', `/api/enrollments/course/${course.paused}/disable`, boss)).statusCode).toBe(204);

  // Added out of order, so the answer's order is the server's.
  await addLecture(t, staff, { courseId: course.mine as number, name: 'Polymers', liveAt: at(14), duration: 2700 });
  await addLecture(t, staff, { courseId: course.mine as number, name: 'Alkenes', liveAt: at(-2), duration: 2700 });
  await addLecture(t, staff, {
    courseId: course.mine as number,
    name: 'Alcohols',
    liveAt: at(-5),
    expiresAt: at(5),
    duration: 2700,
  });
  await addLecture(t, staff, { courseId: course.mine as number, name: 'Aromatics', liveAt: at(3), duration: 2700 });
  await addLecture(t, staff, {
    courseId: course.mine as number,
    name: 'Alkanes',
    liveAt: at(-30),
    expiresAt: at(-1),
    duration: 2700,
  });
  await addLecture(t, staff, { courseId: course.disabled as number, name: 'd-block', liveAt: at(4), duration: 2700 });
  await addLecture(t, staff, { courseId: course.paused as number, name: 'Kinetics', liveAt: at(4), duration: 2700 });
});

describe('GET /me/courses/{id}/upcoming', () => {
  it("lists only the course's lectures not live yet, soonest first", async () => {
    const answer = await upcoming(course.mine, pupil.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().map((lecture: { name: string }) => lecture.name)).toEqual(['Aromatics', 'Polymers']);
  });

  it('answers each lecture without its link, only what a list of what is coming needs', async () => {
    const [first] = (await upcoming(course.mine, pupil.headers)).json();
    expect(Object.keys(first).sort()).toEqual(['duration', 'id', 'liveAt', 'name', 'type']);
    expect(first).not.toHaveProperty('url');
    expect(first).toMatchObject({ name: 'Aromatics', type: 'link', duration: 2700 });
    expect(first.liveAt).toMatch(/Z$/);
    expect(new Date(first.liveAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a student who is not enrolled in the course with 403', async () => {
    expectMessage(await upcoming(course.mine, stranger.headers), 403, 'You are not enrolled in this course.');
  });

  it('refuses a student whose enrolment is disabled, or whose course is paused, with 403', async () => {
    expectMessage(await upcoming(course.disabled, pupil.headers), 403, 'You are not enrolled in this course.');
    expectMessage(await upcoming(course.paused, pupil.headers), 403, 'You are not enrolled in this course.');
  });

  it('answers 404 for a course that does not exist, and 400 for an id that is not one', async () => {
    expectMessage(await upcoming(987654, pupil.headers), 404, 'Course not found.');
    expect((await t.call('GET', '/api/me/courses/abc/upcoming', pupil.headers)).statusCode).toBe(400);
  });

  it('is for students only: staff get 403', async () => {
    expect((await upcoming(course.mine, staff)).statusCode).toBe(403);
  });
});
