import { type Exam, formatInTimeZone, type StudioScript, type Submission } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema.js';
import { createExam, enrol, examAction } from '../../test/exams.js';
import { type Answer, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { grade, SUBMISSIONS, uploadAnswer } from '../../test/submissions.js';

/**
 * Two tabs (or two tutors) on one script: a save made from an older version than the stored one is
 * refused with who changed it and when, instead of silently undoing their mark.
 */
const t = useTestApp();
let tutor: Login;
let other: Login;
let exam: Exam;
const pupils: Login[] = [];

const ifMatch = (who: Login, version: number | string) => ({
  ...who.headers,
  'if-match': typeof version === 'number' ? `"${version}"` : version,
});
const listOf = async () =>
  expectStatus<Submission[]>(await t.call('GET', `${SUBMISSIONS}/exam/${exam.id}`, tutor.headers), 200);
const rowOf = async (studentId: number) => (await listOf()).find((row) => row.studentId === studentId) as Submission;
const scriptOf = async (id: number) =>
  expectStatus<StudioScript>(await t.call('GET', `${SUBMISSIONS}/${id}/script`, tutor.headers), 200);
const annotationsUrl = (id: number) => `${SUBMISSIONS}/${id}/annotations`;
const TICK = { page: 1, kind: 'tick', x: 0.5, y: 0.5 } as const;

type Stale = { message: string; version: number; changedBy: string; changedAt: string };

/** A 409 that names who saved the newer version and when, in the platform's time zone. */
function expectStale(answer: Answer, who: string, version: number): Stale {
  const body = expectStatus<Stale>(answer, 409);
  expect(body).toEqual({ message: expect.any(String), version, changedBy: who, changedAt: expect.any(String) });
  expect(body.message).toContain(who);
  expect(body.message).toContain(formatInTimeZone(body.changedAt, t.app.config.timeZone));
  return body;
}

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  other = await t.login('ROLE_ADMIN', 'nimal');
  await t.database.db.update(accounts).set({ name: 'Nimal Perera' }).where(eq(accounts.id, other.id));
  const courseId = (await t.createCourse(tutor.headers, 'Physical chemistry')).id;
  exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: '2030-12-01T10:00' });
  await examAction(t, tutor.headers, exam.id);
  for (let i = 0; i < 5; i++) {
    const pupil = await t.login('ROLE_STUDENT', `pupil${i}`);
    pupils.push(pupil);
    await enrol(t, tutor.headers, courseId, pupil.id);
    expect((await uploadAnswer(t, pupil.headers, exam.id)).statusCode).toBe(201);
  }
});

describe('a mark saved from an older version', () => {
  it('is refused with who changed it and when, and the newer mark stays', async () => {
    const pupil = pupils[0] as Login;
    const opened = await rowOf(pupil.id);
    expect(opened.version).toEqual(expect.any(Number));
    // The studio reads the same version as the list.
    expect((await scriptOf(opened.id)).version).toBe(opened.version);

    // Tab A (Nimal) saves 70; tab B, opened at the same version, saves 40.
    const first = expectStatus<Submission>(
      await grade(t, ifMatch(other, opened.version), opened.id, { traditionalScore: '70' }),
      200,
    );
    expect(first.version).toBeGreaterThan(opened.version);
    const refused = await grade(t, ifMatch(tutor, opened.version), opened.id, { traditionalScore: '40' });
    const stale = expectStale(refused, 'Nimal Perera', first.version);
    expect((await rowOf(pupil.id)).traditionalScore).toBe(70);

    // Overwrite: the same mark sent again with the version the refusal gave.
    const overwritten = expectStatus<Submission>(
      await grade(t, ifMatch(tutor, stale.version), opened.id, { traditionalScore: '40' }),
      200,
    );
    expect(overwritten).toMatchObject({ traditionalScore: 40, version: expect.any(Number) });
    expect(overwritten.version).toBeGreaterThan(stale.version);
    expect((await scriptOf(opened.id)).version).toBe(overwritten.version);
    // Now the other way round: the name is the one who saved last.
    expectStale(
      await grade(t, ifMatch(other, first.version), opened.id, { traditionalScore: '71' }),
      'tutor',
      overwritten.version,
    );
  });

  it('is saved as before when no If-Match is sent (the API’s other clients)', async () => {
    const row = await rowOf((pupils[1] as Login).id);
    expectStatus(await grade(t, ifMatch(other, row.version), row.id, { traditionalScore: '55' }), 200);
    const plain = expectStatus<Submission>(await grade(t, tutor.headers, row.id, { traditionalScore: '45' }), 200);
    expect(plain.traditionalScore).toBe(45);
    // `*` asks only that the submission exists.
    expectStatus(await grade(t, ifMatch(tutor, '*'), row.id, { traditionalScore: '46' }), 200);
  });

  it('conflicts also when two saves of one version arrive at the same moment', async () => {
    const row = await rowOf((pupils[2] as Login).id);
    const answers = await Promise.all(
      ['61', '62', '63'].map((score) => grade(t, ifMatch(tutor, row.version), row.id, { traditionalScore: score })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const saved = answers.find((answer) => answer.statusCode === 200)?.json() as Submission;
    expect((await rowOf((pupils[2] as Login).id)).traditionalScore).toBe(saved.traditionalScore);
  });

  it('refuses an If-Match that is not a version, and answers 404 for no submission', async () => {
    const row = await rowOf((pupils[3] as Login).id);
    for (const value of ['3', '"x"', '"-1"', '"1.5"', '"99999999999"']) {
      const answer = await grade(t, ifMatch(tutor, value), row.id, { traditionalScore: '50' });
      expect(answer.statusCode, value).toBe(400);
      expect(answer.json().message).toMatch(/If-Match/);
    }
    expect((await grade(t, ifMatch(tutor, 1), 999_999, { traditionalScore: '50' })).statusCode).toBe(404);
    expect((await rowOf((pupils[3] as Login).id)).traditionalScore).toBeNull();
  });
});

describe('annotations saved from an older version', () => {
  it('are refused like a mark; a save of them moves the version on, so a mark from before conflicts', async () => {
    const row = await rowOf((pupils[4] as Login).id);
    const saved = expectStatus<{ version: number }>(
      await t.call('PUT', annotationsUrl(row.id), ifMatch(other, row.version), { items: [TICK] }),
      200,
    );
    expect(saved.version).toBeGreaterThan(row.version);
    const read = expectStatus<{ version: number }>(await t.call('GET', annotationsUrl(row.id), tutor.headers), 200);
    expect(read.version).toBe(saved.version);
    // The other tab still holds the version it opened: both its annotations and its mark are stale.
    expectStale(
      await t.call('PUT', annotationsUrl(row.id), ifMatch(tutor, row.version), { items: [] }),
      'Nimal Perera',
      saved.version,
    );
    expectStale(
      await grade(t, ifMatch(tutor, row.version), row.id, { traditionalScore: '80' }),
      'Nimal Perera',
      saved.version,
    );
    const kept = expectStatus<{ items: unknown[] }>(await t.call('GET', annotationsUrl(row.id), tutor.headers), 200);
    expect(kept.items).toEqual([TICK]);
    // The studio's own sequence: annotations, then the mark with the version they answered.
    const mine = expectStatus<{ version: number }>(
      await t.call('PUT', annotationsUrl(row.id), ifMatch(tutor, saved.version), { items: [] }),
      200,
    );
    expectStatus(await grade(t, ifMatch(tutor, mine.version), row.id, { traditionalScore: '80' }), 200);
    // Without the header they are saved as before.
    expectStatus(await t.call('PUT', annotationsUrl(row.id), other.headers, { items: [TICK] }), 200);
  });

  it('are refused to a student, whatever the header', async () => {
    const pupil = pupils[4] as Login;
    const row = await rowOf(pupil.id);
    expect((await t.call('PUT', annotationsUrl(row.id), ifMatch(pupil, row.version), { items: [] })).statusCode).toBe(
      403,
    );
    expect((await grade(t, ifMatch(pupil, row.version), row.id, { traditionalScore: '99' })).statusCode).toBe(403);
  });
});
