import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, exams, resources, submissions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let boss: Awaited<ReturnType<TestApp['login']>>;
let tutor: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.login('ROLE_SUPERADMIN');
  tutor = await t.login('ROLE_ADMIN');
});
afterAll(() => t.close());

async function createCourse(title = 'Organic Chemistry', description = 'Alkanes to arenes') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: tutor.headers,
    payload: { title, description },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; title: string; paused: boolean; createdAt: string };
}

async function createStudent(username: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/students/signup',
    headers: tutor.headers,
    payload: { username, password: 'student-pw' },
  });
  return response.json() as { id: number };
}

const enrol = (studentId: number, courseId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/enrollments',
    headers: tutor.headers,
    payload: { studentId, courseId, status: 'ACTIVE' },
  });

describe('courses', () => {
  it('creates, reads, updates and lists courses newest first', async () => {
    const first = await createCourse('  Physical Chemistry ', 'Thermodynamics');
    expect(first).toMatchObject({ title: 'Physical Chemistry', paused: false });
    const second = await createCourse('Inorganic Chemistry', 'd-block');

    const list = await t.app.inject({ method: 'GET', url: '/api/courses', headers: tutor.headers });
    const ids = list.json().map((c: { id: number }) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${first.id}`,
      headers: tutor.headers,
      payload: { title: 'Physical Chemistry II', description: 'Kinetics' },
    });
    expect(updated.json()).toMatchObject({ id: first.id, title: 'Physical Chemistry II', description: 'Kinetics' });

    const detail = await t.app.inject({ method: 'GET', url: `/api/courses/${first.id}`, headers: tutor.headers });
    expect(detail.json()).toMatchObject({ id: first.id, title: 'Physical Chemistry II', resources: [] });
  });

  it('refuses blank or missing fields with a message, and unknown ids with 404', async () => {
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: tutor.headers,
      payload: { title: '   ', description: 'x' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Title is required.' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: tutor.headers,
      payload: { title: 'A' },
    });
    expect(missing.json()).toEqual({ message: 'Description is required.' });
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: tutor.headers,
      payload: { title: 'x'.repeat(201), description: 'd' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/courses/999999', headers: tutor.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/courses/abc', headers: tutor.headers })).statusCode).toBe(
      400,
    );
    const putMissing = await t.app.inject({
      method: 'PUT',
      url: '/api/courses/999999',
      headers: tutor.headers,
      payload: { title: 'a', description: 'b' },
    });
    expect(putMissing.statusCode).toBe(404);
  });

  it('lets only a superadmin delete, removing enrolments, resources and their files', async () => {
    const course = await createCourse('To delete', 'soon gone');
    const student = await createStudent('leaving-student');
    expect((await enrol(student.id, course.id)).statusCode).toBe(201);
    const key = 'resources/00000000-0000-4000-8000-000000000001-notes.pdf';
    await t.storage.put(key, Readable.from(Buffer.from('%PDF-1.4 notes')));
    await t.database.db.insert(resources).values({
      courseId: course.id,
      name: 'notes.pdf',
      type: 'application/pdf',
      url: key,
      objectKey: key,
      liveAt: new Date(),
      recordingAt: new Date(),
    });

    const denied = await t.app.inject({ method: 'DELETE', url: `/api/courses/${course.id}`, headers: tutor.headers });
    expect(denied.statusCode).toBe(403);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/courses/${course.id}`, headers: boss.headers });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: tutor.headers })).statusCode,
    ).toBe(404);
    expect(await t.storage.stat(key)).toBeNull();
    const left = await t.database.db.select().from(enrollments);
    expect(left.some((row) => row.courseId === course.id)).toBe(false);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/courses/${course.id}`, headers: boss.headers })).statusCode,
    ).toBe(404);
  });

  it('answers 409 when an exam of the course has submissions, and keeps everything', async () => {
    const course = await createCourse('Examined', 'has marks');
    const student = await createStudent('examined-student');
    const [exam] = await t.database.db
      .insert(exams)
      .values({
        courseId: course.id,
        title: 'Paper I',
        description: 'MCQ',
        dueDate: new Date(),
        examType: 'MCQ',
        examIdentifier: 'CHEM_FINAL',
      })
      .returning();
    await t.database.db.insert(submissions).values({ examId: exam!.id, studentId: student.id, mcqScore: 40 });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/courses/${course.id}`, headers: boss.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Cannot delete course "Examined" because its exams have 1 submission/);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: tutor.headers })).statusCode,
    ).toBe(200);
  });
});

describe('pause and resume', () => {
  it('disables and re-enables every enrolment and the paused flag together', async () => {
    const course = await createCourse('Pausable', 'p');
    const a = await createStudent('pause-a');
    const b = await createStudent('pause-b');
    await enrol(a.id, course.id);
    await enrol(b.id, course.id);

    const byTutor = await t.app.inject({
      method: 'PUT',
      url: `/api/enrollments/course/${course.id}/disable`,
      headers: tutor.headers,
    });
    expect(byTutor.statusCode).toBe(403);

    const pause = await t.app.inject({
      method: 'PUT',
      url: `/api/enrollments/course/${course.id}/disable`,
      headers: boss.headers,
    });
    expect(pause.statusCode).toBe(204);
    const paused = await t.app.inject({
      method: 'GET',
      url: `/api/enrollments/course/${course.id}`,
      headers: tutor.headers,
    });
    expect(paused.json().map((e: { status: string }) => e.status)).toEqual(['DISABLED', 'DISABLED']);
    const list = await t.app.inject({ method: 'GET', url: '/api/courses', headers: tutor.headers });
    expect(list.json().find((c: { id: number }) => c.id === course.id).paused).toBe(true);

    // A student added while paused waits, disabled, for the resume.
    const late = await createStudent('pause-late');
    const lateEnrolment = await enrol(late.id, course.id);
    expect(lateEnrolment.json().status).toBe('DISABLED');

    const resume = await t.app.inject({
      method: 'PUT',
      url: `/api/enrollments/course/${course.id}/enable`,
      headers: boss.headers,
    });
    expect(resume.statusCode).toBe(204);
    const resumed = await t.app.inject({
      method: 'GET',
      url: `/api/enrollments/course/${course.id}`,
      headers: tutor.headers,
    });
    expect(resumed.json().every((e: { status: string }) => e.status === 'ACTIVE')).toBe(true);
    expect(resumed.json()).toHaveLength(3);
    const detail = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: tutor.headers });
    expect(detail.json().paused).toBe(false);
  });

  it('leaves every enrolment as it was when the paused flag cannot be written', async () => {
    const course = await createCourse('Atomic', 'a');
    const s = await createStudent('atomic-s');
    await enrol(s.id, course.id);
    // The flag is written after the enrolments; a trigger makes that last write fail.
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_pause() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'paused flag refused'; END $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER refuse_pause BEFORE UPDATE OF paused ON courses
        FOR EACH ROW WHEN (NEW.id = ${course.id}) EXECUTE FUNCTION refuse_pause()`),
    );
    const pause = await t.app.inject({
      method: 'PUT',
      url: `/api/enrollments/course/${course.id}/disable`,
      headers: boss.headers,
    });
    expect(pause.statusCode).toBe(500);
    expect(pause.json()).toEqual({ message: 'Internal server error.' });
    const rows = await t.app.inject({
      method: 'GET',
      url: `/api/enrollments/course/${course.id}`,
      headers: tutor.headers,
    });
    expect(rows.json()[0].status).toBe('ACTIVE');
    await t.database.db.execute(sql.raw('DROP TRIGGER refuse_pause ON courses'));
    await t.database.db.execute(sql.raw('DROP FUNCTION refuse_pause()'));
  });

  it('answers 404 for an unknown course', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/enrollments/course/987654/enable',
      headers: boss.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /courses paging', () => {
  it('answers one page newest first with the total, searching titles in any case', async () => {
    const made = [];
    for (const title of ['Paging Alpha', 'paging beta', 'PAGING Gamma']) made.push(await createCourse(title));
    const page = await t.app.inject({ method: 'GET', url: '/api/courses?limit=2&q=pAgInG', headers: tutor.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.json().items.map((c: { title: string }) => c.title)).toEqual(['PAGING Gamma', 'paging beta']);
    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/courses?limit=2&offset=2&q=paging',
      headers: tutor.headers,
    });
    expect(rest.json().items.map((c: { id: number }) => c.id)).toEqual([made[0]?.id]);

    const all = await t.app.inject({ method: 'GET', url: '/api/courses', headers: tutor.headers });
    expect(Array.isArray(all.json())).toBe(true);
    const count = await t.app.inject({ method: 'GET', url: '/api/courses?limit=0', headers: tutor.headers });
    expect(count.json()).toEqual({ items: [], total: all.json().length, limit: 0, offset: 0 });
  });
});
