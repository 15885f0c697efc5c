import type { MyMarksRow } from '@valence/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { examOverrides, exams, submissions } from '../../db/schema.js';
import { addQuestion, createExam, enrol, examAction, question } from '../../test/exams.js';
import { type AuthHeaders, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { grade, submitMcq } from '../../test/submissions.js';

/** The app's clock, moved by the tests: the exams close at CLOSE. */
let now = new Date('2030-06-01T08:00:00Z');
const t = useTestApp({ clock: () => now });
const CLOSE = '2030-06-01T10:00:00Z';
const FEEDBACK = 'Revise the ideal gas law.';
let staff: AuthHeaders;
let courseId: number;

const myMcq = async (who: Login, identifier: string) => {
  const rows = expectStatus<MyMarksRow[]>(await t.call('GET', '/api/me/marks', who.headers), 200);
  return rows.find((row) => row.examIdentifier === identifier)?.mcq;
};

/** A published one-question MCQ with that review setting, handed in by a new student and given feedback. */
async function sat(reviewAfter: 'never' | 'after-close' | 'with-marks') {
  const exam = await createExam(t, staff, courseId, { dueDate: CLOSE });
  const q = await addQuestion(t, staff, exam.id, question('Q1', 0));
  await t.database.db.update(exams).set({ reviewAfter }).where(eq(exams.id, exam.id));
  await examAction(t, staff, exam.id);
  const who = await t.login('ROLE_STUDENT');
  await enrol(t, staff, courseId, who.id);
  expectStatus(await submitMcq(t, who.headers, exam.id, [[q.id, q.options[0]?.id as number]]), 201);
  const [row] = await t.database.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.examId, exam.id), eq(submissions.studentId, who.id)));
  expectStatus(await grade(t, staff, row?.id as number, { instructorFeedback: FEEDBACK }), 200);
  return { exam, who };
}

beforeAll(async () => {
  staff = (await t.login('ROLE_ADMIN')).headers;
  courseId = (await t.createCourse(staff, 'Physical chemistry')).id;
});

describe('reviewAfter: when a student sees their MCQ’s feedback in GET /me/marks', () => {
  it('with-marks (the default): with the score at once, as before the setting', async () => {
    now = new Date('2030-06-01T08:00:00Z');
    const { exam, who } = await sat('with-marks');
    expect(await myMcq(who, exam.examIdentifier)).toMatchObject({ score: 50, feedback: FEEDBACK });
  });

  it('after-close: the score at once, the feedback only once the student’s own close has passed', async () => {
    now = new Date('2030-06-01T08:00:00Z');
    const { exam, who } = await sat('after-close');
    expect(await myMcq(who, exam.examIdentifier)).toMatchObject({ score: 50, feedback: null });
    now = new Date('2030-06-01T10:00:01Z');
    expect(await myMcq(who, exam.examIdentifier)).toMatchObject({ score: 50, feedback: FEEDBACK });
    // A student given a later close of their own waits for it.
    await t.database.db
      .insert(examOverrides)
      .values({ examId: exam.id, studentId: who.id, dueDate: new Date('2030-06-01T12:00:00Z') });
    expect(await myMcq(who, exam.examIdentifier)).toMatchObject({ feedback: null });
    now = new Date('2030-06-01T12:00:00Z');
    expect(await myMcq(who, exam.examIdentifier)).toMatchObject({ feedback: FEEDBACK });
  });

  it('never: the score, never the feedback, also long after the close', async () => {
    now = new Date('2030-06-01T08:00:00Z');
    const { exam, who } = await sat('never');
    expect(await myMcq(who, exam.examIdentifier)).toMatchObject({ score: 50, feedback: null });
    now = new Date('2031-01-01T00:00:00Z');
    expect(await myMcq(who, exam.examIdentifier)).toMatchObject({ score: 50, feedback: null });
  });
});
