import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, enrollments } from '../../db/schema.js';
import {
  type AuthHeaders,
  expectMessage,
  expectMessageContaining,
  type Login,
  useTestApp,
} from '../../test/harness.js';

const t = useTestApp();
let tutor: Login;
let headers: AuthHeaders;
const studentIds: Record<string, number> = {};
const usernames = ['kasun.perera', 'kavindi', 'nimali', 'tharindu', 'KAMAL', 'ruwan'];

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  headers = tutor.headers;
  for (const username of usernames) {
    studentIds[username] = (await t.app.accounts.create({ username, password: 'chem-2026', role: 'ROLE_STUDENT' })).id;
  }
});

const createCourse = (title: string) => t.createCourse(headers, title);
const createStudent = (username: string) => t.createStudent(headers, username);
const bulk = (payload: object, who = headers) => t.call('POST', '/api/enrollments/bulk', who, payload);
const listOf = (courseId: number, query = '') => t.call('GET', `/api/enrollments/course/${courseId}${query}`, headers);
const ids = (...names: string[]) => names.map((name) => studentIds[name] as number);
const enrol = (studentId: number, courseId: number) =>
  t.call('POST', '/api/enrollments', headers, { studentId, courseId, status: 'ACTIVE' });
const pause = (courseId: number, who: AuthHeaders) => t.call('PUT', `/api/enrollments/course/${courseId}/disable`, who);
/** A student's enrolments, as the tutor sees them. */
const enrolmentsOfStudent = (studentId: number | undefined) =>
  t.call('GET', `/api/enrollments/student/${studentId}`, headers);

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
    expect((await pause(course.id, boss.headers)).statusCode).toBe(204);
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
    expectMessage(answer, 404, `Students not found: ${staff.id}, 999999.`);
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
    expectMessageContaining(await bulk(payload), 400, message);
  });

  it('answers 404 for a course that does not exist, and is for staff only', async () => {
    expectMessage(await bulk({ courseId: 987654, studentIds: ids('nimali') }), 404, 'Course not found.');
    const student = await t.login('ROLE_STUDENT', 'pupil');
    const course = await createCourse('Staff only');
    const refused = await bulk({ courseId: course.id, allUnassigned: {} }, student.headers);
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
    // Each sort and search way is a statement of its own, and its count past the end one too.
    const usernames = async (query: string) =>
      (await listOf(course.id, query)).json().items.map((e: { studentUsername: string }) => e.studentUsername);
    expect(await usernames('?limit=8&q=ka&sort=-username')).toEqual(['kavindi', 'KAMAL']);
    expect(await usernames('?limit=8&q=kav&sort=-username')).toEqual(['kavindi']);
    expect(await usernames('?limit=8&q=AMA')).toEqual(['KAMAL']);
    expect((await listOf(course.id, '?limit=8&offset=40&q=ka')).json()).toMatchObject({ items: [], total: 2 });
    expect((await listOf(course.id, '?limit=8&offset=40&q=kav')).json()).toMatchObject({ items: [], total: 1 });
    expect((await listOf(course.id, '?limit=8&offset=40')).json()).toMatchObject({ items: [], total: 4 });
    // A page proves its course; an empty one looks it up: an unknown course is 404 either way.
    for (const query of ['', '?limit=8', '?limit=8&q=ka', '?limit=0']) {
      expectMessage(await listOf(987654, query), 404, 'Course not found.');
    }
    const empty = await createCourse('No one yet');
    expect((await listOf(empty.id, '?limit=8')).json()).toEqual({ items: [], total: 0, limit: 8, offset: 0 });
    expect((await listOf(course.id, '?limit=8&sort=enrollmentDate')).statusCode).toBe(200);
  });

  it('refuses an unknown sort with the fields it takes', async () => {
    const course = await createCourse('Sorted');
    const answer = await listOf(course.id, '?sort=password');
    expectMessageContaining(answer, 400, 'sort must be one of: username, -username, enrollmentDate, -enrollmentDate.');
  });
});

describe('GET /students?notInCourse', () => {
  it('offers only students not yet in the course, paged with a total', async () => {
    const course = await createCourse('Picker');
    await bulk({ courseId: course.id, studentIds: ids('kasun.perera', 'KAMAL') });
    const students = (query: string) => t.call('GET', `/api/students${query}`, headers);
    const answer = await students(`?limit=3&notInCourse=${course.id}&q=ka`);
    expect(answer.json()).toMatchObject({ items: [{ username: 'kavindi' }], total: 1 });
    const rest = await students(`?limit=0&notInCourse=${course.id}`);
    const everyone = await students('?limit=0');
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
    expectMessage(await enrol(s.id, course.id), 409, `Student 'enrol-me' is already enrolled in "Enrolling".`);
  });

  it('refuses unknown students and courses, staff accounts, and bad payloads', async () => {
    const course = await createCourse('Strict');
    expect((await enrol(424242, course.id)).statusCode).toBe(404);
    const s = await createStudent('strict-s');
    expect((await enrol(s.id, 424242)).statusCode).toBe(404);
    expectMessage(await enrol(tutor.id, course.id), 400, 'Only student accounts can be enrolled.');
    const bad = await t.call('POST', '/api/enrollments', headers, {
      studentId: 'abc',
      courseId: course.id,
      status: 'MAYBE',
    });
    expectMessageContaining(bad, 400, 'Status must be ACTIVE or DISABLED.');
    expect((await listOf(99999)).statusCode).toBe(404);
  });

  it('lists a deleted student no more', async () => {
    const course = await createCourse('Gone');
    const s = await createStudent('gone-s');
    await enrol(s.id, course.id);
    await t.database.db.delete(accounts).where(eq(accounts.id, s.id));
    expect((await listOf(course.id)).json()).toEqual([]);
  });
});

describe("a student's enrolments: GET /enrollments/student/{id}, PUT and DELETE /enrollments/{id}", () => {
  it('lists them, changes a status, refuses ACTIVE in a paused course, and lets only a superadmin remove', async () => {
    const boss = await t.login('ROLE_SUPERADMIN', 'registrar');
    const open = await createCourse('Open Course');
    const paused = await createCourse('Paused Course');
    await bulk({ courseId: open.id, studentIds: ids('ruwan') });
    await bulk({ courseId: paused.id, studentIds: ids('ruwan') });
    await pause(paused.id, boss.headers);

    const listed = await enrolmentsOfStudent(studentIds.ruwan);
    expect(listed.statusCode).toBe(200);
    const mine = listed.json() as { id: number; courseId: number; courseTitle: string; status: string }[];
    const inOpen = mine.find((e) => e.courseId === open.id);
    const inPaused = mine.find((e) => e.courseId === paused.id);
    expect(inOpen).toMatchObject({ courseTitle: 'Open Course', status: 'ACTIVE' });
    expect(inPaused).toMatchObject({ status: 'DISABLED' });

    const put = (id: number, payload: object) => t.call('PUT', `/api/enrollments/${id}`, headers, payload);
    expect((await put(inOpen?.id as number, { status: 'DISABLED' })).json().status).toBe('DISABLED');
    expectMessageContaining(
      await put(inOpen?.id as number, { status: 'PAUSED' }),
      400,
      'Status must be ACTIVE or DISABLED.',
    );
    expectMessage(
      await put(inPaused?.id as number, { status: 'ACTIVE' }),
      409,
      'Course "Paused Course" is paused; resume the course to give its students access.',
    );
    expect((await put(987654, { status: 'ACTIVE' })).statusCode).toBe(404);

    const remove = (who: AuthHeaders) => t.call('DELETE', `/api/enrollments/${inOpen?.id}`, who);
    expect((await remove(headers)).statusCode).toBe(403);
    expect((await remove(boss.headers)).statusCode).toBe(204);
    expect((await remove(boss.headers)).statusCode).toBe(404);
    const after = await enrolmentsOfStudent(studentIds.ruwan);
    expect(after.json().some((e: { courseId: number }) => e.courseId === open.id)).toBe(false);
    expect((await enrolmentsOfStudent(boss.id)).statusCode).toBe(404);
  });
});
