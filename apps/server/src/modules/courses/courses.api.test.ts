import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrollments, exams, submissions } from '../../db/schema.js';
import { addQuestion, createExam, examAction } from '../../test/exams.js';
import { expectMessage, type Login, useTestApp } from '../../test/harness.js';
import { SUBMISSIONS, submitMcq } from '../../test/submissions.js';

const t = useTestApp();
let boss: Login;
let tutor: Login;
beforeAll(async () => {
  boss = await t.login('ROLE_SUPERADMIN');
  tutor = await t.login('ROLE_ADMIN');
});

const createCourse = (title?: string, description?: string) => t.createCourse(tutor.headers, title, description);
const createStudent = (username: string) => t.createStudent(tutor.headers, username);
const enrol = (studentId: number, courseId: number) =>
  t.call('POST', '/api/enrollments', tutor.headers, { studentId, courseId, status: 'ACTIVE' });
const getCourse = (id: number | string) => t.call('GET', `/api/courses/${id}`, tutor.headers);
const enrolmentsOf = (courseId: number) => t.call('GET', `/api/enrollments/course/${courseId}`, tutor.headers);
/** Pauses (disable) or resumes (enable) a course's enrolments as that account. */
const setPaused = (courseId: number, action: 'disable' | 'enable', who = boss) =>
  t.call('PUT', `/api/enrollments/course/${courseId}/${action}`, who.headers);

describe('courses', () => {
  it('creates, reads, updates and lists courses newest first', async () => {
    const first = await createCourse('  Physical Chemistry ', 'Thermodynamics');
    expect(first).toMatchObject({ title: 'Physical Chemistry', paused: false });
    const second = await createCourse('Inorganic Chemistry', 'd-block');

    const list = await t.call('GET', '/api/courses', tutor.headers);
    const ids = list.json().map((c: { id: number }) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));

    const updated = await t.call('PUT', `/api/courses/${first.id}`, tutor.headers, {
      title: 'Physical Chemistry II',
      description: 'Kinetics',
    });
    expect(updated.json()).toMatchObject({ id: first.id, title: 'Physical Chemistry II', description: 'Kinetics' });

    const detail = await getCourse(first.id);
    expect(detail.json()).toMatchObject({ id: first.id, title: 'Physical Chemistry II', resources: [] });
  });

  it('refuses blank or missing fields with a message, and unknown ids with 404', async () => {
    const post = (payload: object) => t.call('POST', '/api/courses', tutor.headers, payload);
    expectMessage(await post({ title: '   ', description: 'x' }), 400, 'Title is required.');
    expectMessage(await post({ title: 'A' }), 400, 'Description is required.');
    expect((await post({ title: 'x'.repeat(201), description: 'd' })).statusCode).toBe(400);
    expect((await getCourse(999999)).statusCode).toBe(404);
    expect((await getCourse('abc')).statusCode).toBe(400);
    const putMissing = await t.call('PUT', '/api/courses/999999', tutor.headers, { title: 'a', description: 'b' });
    expect(putMissing.statusCode).toBe(404);
  });

  it('lets only a superadmin delete, removing enrolments, resources and their files', async () => {
    const course = await createCourse('To delete', 'soon gone');
    const student = await createStudent('leaving-student');
    expect((await enrol(student.id, course.id)).statusCode).toBe(201);
    const key = 'resources/00000000-0000-4000-8000-000000000001-notes.pdf';
    const bytes = Buffer.from('%PDF-1.4 notes');
    await t.storeResource(course.id, { key, name: 'notes.pdf', type: 'application/pdf', bytes });

    const remove = (who: Login) => t.call('DELETE', `/api/courses/${course.id}`, who.headers);
    expect((await remove(tutor)).statusCode).toBe(403);
    expect((await remove(boss)).statusCode).toBe(204);
    expect((await getCourse(course.id)).statusCode).toBe(404);
    expect(await t.storage.stat(key)).toBeNull();
    const left = await t.database.db.select().from(enrollments);
    expect(left.some((row) => row.courseId === course.id)).toBe(false);
    expect((await remove(boss)).statusCode).toBe(404);
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
    const refused = await t.call('DELETE', `/api/courses/${course.id}`, boss.headers);
    expectMessage(refused, 409, /Cannot delete course "Examined" because its exams have 1 submission/);
    expect((await getCourse(course.id)).statusCode).toBe(200);
  });

  it('gives advice that works: pausing withdraws the course from its students and keeps the marks', async () => {
    const course = await createCourse('Retiring', 'last year');
    const pupil = await t.login('ROLE_STUDENT', 'retiring-pupil');
    expect((await enrol(pupil.id, course.id)).statusCode).toBe(201);
    const exam = await createExam(t, tutor.headers, course.id, { dueDate: '2030-12-01T10:00' });
    const q = await addQuestion(t, tutor.headers, exam.id);
    await examAction(t, tutor.headers, exam.id);
    const right = q.options.find((option) => option.isCorrect)?.id as number;
    expect((await submitMcq(t, pupil.headers, exam.id, [[q.id, right]])).statusCode).toBe(201);
    const score = () =>
      t.call('GET', `${SUBMISSIONS}/student/${pupil.id}/exam-score/${exam.examIdentifier}`, tutor.headers);
    const before = (await score()).json();

    const refused = await t.call('DELETE', `/api/courses/${course.id}`, boss.headers);
    expectMessage(
      refused,
      409,
      'Cannot delete course "Retiring" because its exams have 1 submission(s), and marks are kept. ' +
        'Pause the course instead: its students lose access and their marks stay.',
    );
    // What the message says: the course card's Pause.
    expect((await setPaused(course.id, 'disable')).statusCode).toBe(204);
    const myCourses = (await t.call('GET', '/api/me/courses', pupil.headers)).json();
    expect(myCourses.map((c: { id: number }) => c.id)).not.toContain(course.id);
    const myExams = (await t.call('GET', '/api/me/exams', pupil.headers)).json();
    expect(myExams.map((e: { id: number }) => e.id)).not.toContain(exam.id);
    expect((await score()).json()).toEqual(before);
    expect(before).toMatchObject({ mcqScore: 50 });

    // Paused already: nothing left to advise, and nothing is removed.
    expectMessage(
      await t.call('DELETE', `/api/courses/${course.id}`, boss.headers),
      409,
      'Cannot delete course "Retiring" because its exams have 1 submission(s), and marks are kept. ' +
        'It is paused: its students have no access and their marks stay.',
    );
    expect((await getCourse(course.id)).json()).toMatchObject({ paused: true });
  });
});

describe('pause and resume', () => {
  it('disables and re-enables every enrolment and the paused flag together', async () => {
    const course = await createCourse('Pausable', 'p');
    const a = await createStudent('pause-a');
    const b = await createStudent('pause-b');
    await enrol(a.id, course.id);
    await enrol(b.id, course.id);

    expect((await setPaused(course.id, 'disable', tutor)).statusCode).toBe(403);
    expect((await setPaused(course.id, 'disable')).statusCode).toBe(204);
    const paused = await enrolmentsOf(course.id);
    expect(paused.json().map((e: { status: string }) => e.status)).toEqual(['DISABLED', 'DISABLED']);
    const list = await t.call('GET', '/api/courses', tutor.headers);
    expect(list.json().find((c: { id: number }) => c.id === course.id).paused).toBe(true);

    // A student added while paused waits, disabled, for the resume.
    const late = await createStudent('pause-late');
    const lateEnrolment = await enrol(late.id, course.id);
    expect(lateEnrolment.json().status).toBe('DISABLED');

    expect((await setPaused(course.id, 'enable')).statusCode).toBe(204);
    const resumed = await enrolmentsOf(course.id);
    expect(resumed.json().every((e: { status: string }) => e.status === 'ACTIVE')).toBe(true);
    expect(resumed.json()).toHaveLength(3);
    expect((await getCourse(course.id)).json().paused).toBe(false);
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
    expectMessage(await setPaused(course.id, 'disable'), 500, 'Internal server error.');
    expect((await enrolmentsOf(course.id)).json()[0].status).toBe('ACTIVE');
    await t.database.db.execute(sql.raw('DROP TRIGGER refuse_pause ON courses'));
    await t.database.db.execute(sql.raw('DROP FUNCTION refuse_pause()'));
  });

  it('answers 404 for an unknown course', async () => {
    expect((await setPaused(987654, 'enable')).statusCode).toBe(404);
  });
});

describe('GET /courses paging', () => {
  it('answers one page newest first with the total, searching titles in any case', async () => {
    const made = [];
    for (const title of ['Paging Alpha', 'paging beta', 'PAGING Gamma']) made.push(await createCourse(title));
    const list = (query = '') => t.call('GET', `/api/courses${query}`, tutor.headers);
    const page = await list('?limit=2&q=pAgInG');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.json().items.map((c: { title: string }) => c.title)).toEqual(['PAGING Gamma', 'paging beta']);
    const rest = await list('?limit=2&offset=2&q=paging');
    expect(rest.json().items.map((c: { id: number }) => c.id)).toEqual([made[0]?.id]);
    // Two letters are searched another way (no trigram): the same titles, and the same statement again.
    const titled = (await list()).json() as { id: number; title: string }[];
    const withPa = titled.filter((c) => c.title.toLowerCase().includes('pa')).map((c) => c.id);
    expect(withPa).toEqual(expect.arrayContaining(made.map((c) => c.id)));
    for (const _ of [1, 2]) {
      const short = await list('?limit=50&q=Pa');
      expect(short.json().items.map((c: { id: number }) => c.id)).toEqual(withPa);
    }
    expect((await list('?limit=6&q=gAm')).json()).toMatchObject({ total: 1, items: [{ title: 'PAGING Gamma' }] });

    const all = await list();
    expect(Array.isArray(all.json())).toBe(true);
    const count = await list('?limit=0');
    expect(count.json()).toEqual({ items: [], total: all.json().length, limit: 0, offset: 0 });
  });
});
