import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, enrollments } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let tutor: Awaited<ReturnType<TestApp['login']>>;
let headers: { authorization: string };
const studentIds: Record<string, number> = {};
const usernames = ['kasun.perera', 'kavindi', 'nimali', 'tharindu', 'KAMAL', 'ruwan'];

beforeAll(async () => {
  t = await createTestApp();
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  headers = tutor.headers;
  for (const username of usernames) {
    studentIds[username] = (await t.app.accounts.create({ username, password: 'chem-2026', role: 'ROLE_STUDENT' })).id;
  }
});
afterAll(() => t.close());

async function createCourse(title: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers,
    payload: { title, description: 'A/L chemistry' },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

const bulk = (payload: object) => t.app.inject({ method: 'POST', url: '/api/enrollments/bulk', headers, payload });
const listOf = (courseId: number, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/enrollments/course/${courseId}${query}`, headers });
const ids = (...names: string[]) => names.map((name) => studentIds[name] as number);

async function createStudent(username: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/students/signup',
    headers,
    payload: { username, password: 'student-pw' },
  });
  return response.json() as { id: number };
}

const enrol = (studentId: number, courseId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/enrollments',
    headers,
    payload: { studentId, courseId, status: 'ACTIVE' },
  });

describe('POST /enrollments/bulk', () => {
  it('enrols the named students in one request, skipping and counting those already enrolled', async () => {
    const course = await createCourse('Physical Chemistry');
    const first = await bulk({ courseId: course.id, studentIds: ids('kasun.perera', 'nimali') });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ created: 2, alreadyEnrolled: 0, status: 'ACTIVE' });

    const second = await bulk({ courseId: course.id, studentIds: ids('nimali', 'ruwan', 'ruwan') });
    expect(second.json()).toEqual({ created: 1, alreadyEnrolled: 1, status: 'ACTIVE' });

    const rows = await t.database.db.select().from(enrollments).where(eq(enrollments.courseId, course.id));
    expect(rows.map((row) => row.studentId).sort()).toEqual(ids('kasun.perera', 'nimali', 'ruwan').sort());
    expect(rows.every((row) => row.status === 'ACTIVE')).toBe(true);
  });

  it('enrols every student not yet in the course, or only those matching q', async () => {
    const course = await createCourse('Organic Chemistry');
    await bulk({ courseId: course.id, studentIds: ids('tharindu') });
    const some = await bulk({ courseId: course.id, allUnassigned: { q: 'ka' } });
    expect(some.json()).toEqual({ created: 3, alreadyEnrolled: 0, status: 'ACTIVE' });
    const rest = await bulk({ courseId: course.id, allUnassigned: {} });
    expect(rest.json().created).toBe(usernames.length - 4);
    expect((await listOf(course.id, '?limit=0')).json().total).toBe(usernames.length);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'enrollment.bulk'));
    expect(audited.length).toBeGreaterThanOrEqual(3);
  });

  it('enrols DISABLED in a paused course', async () => {
    const course = await createCourse('Paused Revision');
    const boss = await t.login('ROLE_SUPERADMIN', 'boss');
    const pause = await t.app.inject({
      method: 'PUT',
      url: `/api/enrollments/course/${course.id}/disable`,
      headers: boss.headers,
    });
    expect(pause.statusCode).toBe(204);
    expect((await bulk({ courseId: course.id, studentIds: ids('kavindi') })).json()).toEqual({
      created: 1,
      alreadyEnrolled: 0,
      status: 'DISABLED',
    });
  });

  it('refuses the whole request, enrolling nobody, when a named id is not a student', async () => {
    const course = await createCourse('Inorganic Chemistry');
    const staff = await t.app.accounts.create({
      username: 'assistant',
      password: 'chem-2026',
      role: 'ROLE_ADMIN',
    });
    const answer = await bulk({ courseId: course.id, studentIds: [...ids('kasun.perera'), staff.id, 999999] });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`Students not found: ${staff.id}, 999999.`);
    expect((await listOf(course.id)).json()).toEqual([]);
  });

  it.each([
    ['neither list', { courseId: 1 }, 'Give either studentIds or allUnassigned.'],
    ['both lists', { courseId: 1, studentIds: [1], allUnassigned: {} }, 'Give either studentIds or allUnassigned.'],
    ['no students', { courseId: 1, studentIds: [] }, 'Select at least one student.'],
    ['1001 students', { courseId: 1, studentIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'At most 1000'],
    ['a text course id', { courseId: 'x', studentIds: [1] }, 'courseId must be a whole number'],
    ['student id 0', { courseId: 1, studentIds: [0] }, 'Each student id must be a whole number'],
  ])('refuses %s with 400 and says why', async (_name, payload, message) => {
    const answer = await bulk(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
  });

  it('answers 404 for a course that does not exist, and is for staff only', async () => {
    const missing = await bulk({ courseId: 987654, studentIds: ids('nimali') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Course not found.');
    const student = await t.login('ROLE_STUDENT', 'pupil');
    const course = await createCourse('Staff only');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments/bulk',
      headers: student.headers,
      payload: { courseId: course.id, allUnassigned: {} },
    });
    expect(refused.statusCode).toBe(403);
    expect((await listOf(course.id)).json()).toEqual([]);
  });
});

describe('GET /enrollments/course/{id}', () => {
  it('keeps the plain array without paging, and pages, searches and sorts with it', async () => {
    const course = await createCourse('Paged Enrolments');
    await bulk({ courseId: course.id, studentIds: ids('ruwan', 'KAMAL', 'kavindi', 'nimali') });
    const all = await listOf(course.id);
    expect(all.json().map((e: { studentUsername: string }) => e.studentUsername)).toEqual([
      'KAMAL',
      'kavindi',
      'nimali',
      'ruwan',
    ]);

    const page = (await listOf(course.id, '?limit=2&offset=2')).json();
    expect(page.total).toBe(4);
    expect(page.items.map((e: { studentUsername: string }) => e.studentUsername)).toEqual(['nimali', 'ruwan']);

    const searched = (await listOf(course.id, '?limit=8&q=KA')).json();
    expect(searched.items.map((e: { studentUsername: string }) => e.studentUsername)).toEqual(['KAMAL', 'kavindi']);
    expect(searched.total).toBe(2);

    const reversed = (await listOf(course.id, '?limit=8&sort=-username')).json();
    expect(reversed.items[0].studentUsername).toBe('ruwan');
    expect((await listOf(course.id, '?limit=8&sort=enrollmentDate')).statusCode).toBe(200);
  });

  it('refuses an unknown sort with the fields it takes', async () => {
    const course = await createCourse('Sorted');
    const answer = await listOf(course.id, '?sort=password');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(
      'sort must be one of: username, -username, enrollmentDate, -enrollmentDate.',
    );
  });
});

describe('GET /students?notInCourse', () => {
  it('offers only students not yet in the course, paged with a total', async () => {
    const course = await createCourse('Picker');
    await bulk({ courseId: course.id, studentIds: ids('kasun.perera', 'KAMAL') });
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/students?limit=3&notInCourse=${course.id}&q=ka`,
      headers,
    });
    expect(answer.json()).toMatchObject({ items: [{ username: 'kavindi' }], total: 1 });
    const rest = await t.app.inject({ method: 'GET', url: `/api/students?limit=0&notInCourse=${course.id}`, headers });
    const everyone = await t.app.inject({ method: 'GET', url: '/api/students?limit=0', headers });
    expect(rest.json().total).toBe(everyone.json().total - 2);
  });
});

describe('POST /enrollments', () => {
  it('enrols a student once, ACTIVE, with the course title and username', async () => {
    const course = await createCourse('Enrolling');
    const s = await createStudent('enrol-me');
    const created = await enrol(s.id, course.id);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      courseId: course.id,
      courseTitle: 'Enrolling',
      studentId: s.id,
      studentUsername: 'enrol-me',
      status: 'ACTIVE',
    });
    const again = await enrol(s.id, course.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Student 'enrol-me' is already enrolled in "Enrolling".`);
  });

  it('refuses unknown students and courses, staff accounts, and bad payloads', async () => {
    const course = await createCourse('Strict');
    expect((await enrol(424242, course.id)).statusCode).toBe(404);
    const s = await createStudent('strict-s');
    expect((await enrol(s.id, 424242)).statusCode).toBe(404);
    const staffEnrol = await enrol(tutor.id, course.id);
    expect(staffEnrol.statusCode).toBe(400);
    expect(staffEnrol.json().message).toBe('Only student accounts can be enrolled.');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      headers,
      payload: { studentId: 'abc', courseId: course.id, status: 'MAYBE' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Status must be ACTIVE or DISABLED.');
    expect((await t.app.inject({ method: 'GET', url: '/api/enrollments/course/99999', headers })).statusCode).toBe(404);
  });

  it('lists a deleted student no more', async () => {
    const course = await createCourse('Gone');
    const s = await createStudent('gone-s');
    await enrol(s.id, course.id);
    await t.database.db.delete(accounts).where(eq(accounts.id, s.id));
    const rows = await t.app.inject({
      method: 'GET',
      url: `/api/enrollments/course/${course.id}`,
      headers,
    });
    expect(rows.json()).toEqual([]);
  });
});

describe("a student's enrolments: GET /enrollments/student/{id}, PUT and DELETE /enrollments/{id}", () => {
  it('lists them, changes a status, refuses ACTIVE in a paused course, and lets only a superadmin remove', async () => {
    const boss = await t.login('ROLE_SUPERADMIN', 'registrar');
    const open = await createCourse('Open Course');
    const paused = await createCourse('Paused Course');
    await bulk({ courseId: open.id, studentIds: ids('ruwan') });
    await bulk({ courseId: paused.id, studentIds: ids('ruwan') });
    await t.app.inject({ method: 'PUT', url: `/api/enrollments/course/${paused.id}/disable`, headers: boss.headers });

    const listed = await t.app.inject({ method: 'GET', url: `/api/enrollments/student/${studentIds.ruwan}`, headers });
    expect(listed.statusCode).toBe(200);
    const mine = listed.json() as { id: number; courseId: number; courseTitle: string; status: string }[];
    const inOpen = mine.find((e) => e.courseId === open.id);
    const inPaused = mine.find((e) => e.courseId === paused.id);
    expect(inOpen).toMatchObject({ courseTitle: 'Open Course', status: 'ACTIVE' });
    expect(inPaused).toMatchObject({ status: 'DISABLED' });

    const put = (id: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/enrollments/${id}`, headers, payload });
    expect((await put(inOpen?.id as number, { status: 'DISABLED' })).json().status).toBe('DISABLED');
    const bad = await put(inOpen?.id as number, { status: 'PAUSED' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Status must be ACTIVE or DISABLED.');
    const refused = await put(inPaused?.id as number, { status: 'ACTIVE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Course "Paused Course" is paused; resume the course to give its students access.',
    );
    expect((await put(987654, { status: 'ACTIVE' })).statusCode).toBe(404);

    const remove = (who: { authorization: string }) =>
      t.app.inject({ method: 'DELETE', url: `/api/enrollments/${inOpen?.id}`, headers: who });
    expect((await remove(headers)).statusCode).toBe(403);
    expect((await remove(boss.headers)).statusCode).toBe(204);
    expect((await remove(boss.headers)).statusCode).toBe(404);
    const after = await t.app.inject({ method: 'GET', url: `/api/enrollments/student/${studentIds.ruwan}`, headers });
    expect(after.json().some((e: { courseId: number }) => e.courseId === open.id)).toBe(false);
    const notStudent = await t.app.inject({ method: 'GET', url: `/api/enrollments/student/${boss.id}`, headers });
    expect(notStudent.statusCode).toBe(404);
  });
});
