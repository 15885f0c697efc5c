import type { AddressInfo } from 'node:net';
import { uploadKeyFromUrl } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, enrollments, resources } from '../db/schema.js';
import { examDto, postExam } from './exams.js';
import { type Login, type Method, useTestApp } from './harness.js';
import { tusCreate, tusPatch } from './tus.js';

/*
 * Requests racing each other. PGlite runs one statement at a time, so these mostly prove something
 * on PostgreSQL, where CI runs this file too (TEST_DATABASE_URL).
 */
const t = useTestApp();
let boss: Login;
let base: string;
beforeAll(async () => {
  boss = await t.login('ROLE_SUPERADMIN');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const call = (method: Method, url: string, payload?: object) => t.call(method, `/api${url}`, boss.headers, payload);
const newCourse = (title: string) => t.createCourse(boss.headers, title, 'Race');

let studentCounter = 0;
/** Students straight into the table: hashing 20 passwords would only slow the test down. */
async function newStudents(count: number) {
  const rows = Array.from({ length: count }, () => ({
    username: `racer${++studentCounter}`,
    passwordHash: 'not-a-usable-hash',
    role: 'ROLE_STUDENT' as const,
  }));
  return (await t.database.db.insert(accounts).values(rows).returning({ id: accounts.id })).map((r) => r.id);
}

const link = (courseId: number, i: number) => ({
  courseId,
  name: `Lecture ${i}`,
  type: 'link',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  duration: 60,
  liveAt: '2026-11-23T10:00:00Z',
  recordingAt: '2026-11-23T10:00:00Z',
});

describe('races', () => {
  it('leaves no ACTIVE enrolment in a course paused while 20 students were being enrolled', async () => {
    for (let round = 0; round < 3; round++) {
      const course = await newCourse(`Paused mid-enrolment ${round}`);
      const students = await newStudents(20);
      const enrolling = students.map((studentId) => call('POST', '/enrollments', { studentId, courseId: course.id }));
      const answers = await Promise.all([...enrolling, call('PUT', `/enrollments/course/${course.id}/disable`)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(20).fill(201), 204].sort());
      const rows = await t.database.db.select().from(enrollments).where(eq(enrollments.courseId, course.id));
      expect(rows).toHaveLength(20);
      expect(rows.filter((row) => row.status === 'ACTIVE')).toEqual([]);
    }
  });

  it('attaches one uploaded file to one resource when 10 requests race for it', async () => {
    const course = await newCourse('One file, one resource');
    const body = Buffer.from('%PDF-1.4 handout');
    const created = await tusCreate(`${base}/api/uploads`, boss.headers, body.length, { filename: 'handout.pdf' });
    const location = new URL(created.headers.get('location') ?? '', base).toString();
    expect((await tusPatch(location, boss.headers, 0, body)).status).toBe(204);
    const key = uploadKeyFromUrl(location) ?? '';
    const payload = { ...link(course.id, 0), type: 'application/pdf', url: key };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/resources', payload)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      'This uploaded file is already attached to a resource.',
    );
    expect(await t.database.db.select().from(resources).where(eq(resources.objectKey, key))).toHaveLength(1);
  });

  it('answers inserts racing a course delete with 201 or 404, never 500', async () => {
    for (let round = 0; round < 3; round++) {
      const course = await newCourse(`Deleted mid-insert ${round}`);
      const students = await newStudents(20);
      const answers = await Promise.all([
        ...students.map((studentId) => call('POST', '/enrollments', { studentId, courseId: course.id })),
        ...students.map((_, i) => call('POST', '/resources', link(course.id, i))),
        call('DELETE', `/courses/${course.id}`),
      ]);
      const unexpected = answers.filter((a) => ![201, 204, 404].includes(a.statusCode));
      expect(unexpected.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
      const late = answers.find((a) => a.statusCode === 404);
      if (late) expect(late.json().message).toBe('Course not found.');
    }
  });

  it('gives an exam identifier to one course when two courses race for it', async () => {
    for (let round = 0; round < 3; round++) {
      const courses = [await newCourse(`Rival A${round}`), await newCourse(`Rival B${round}`)];
      const examIdentifier = `RACE_${round}_${Date.now()}`;
      const answers = await Promise.all(
        courses.flatMap((course) =>
          [0, 1].map(() => postExam(t, boss.headers, examDto(course.id, { examIdentifier }))),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409, 409]);
    }
  });

  it('answers exams created while their course is deleted with 201 or 404, never 500', async () => {
    for (let round = 0; round < 3; round++) {
      const course = await newCourse(`Deleted mid-exam ${round}`);
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) =>
          postExam(t, boss.headers, examDto(course.id, { examIdentifier: `GONE_${round}_${i}_${Date.now()}` })),
        ),
        call('DELETE', `/courses/${course.id}`),
      ]);
      const unexpected = answers.filter((a) => ![201, 204, 404].includes(a.statusCode));
      expect(unexpected.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    }
  });
});
