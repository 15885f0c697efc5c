import type { McqQuestion } from '@valence/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, exams, submissions } from '../../db/schema.js';
import { addQuestion, createExam, EXAMS, enrol, examAction, question } from '../../test/exams.js';
import { type AuthHeaders, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { sendForm } from '../../test/multipart.js';
import { submitMcq } from '../../test/submissions.js';

const t = useTestApp();
const FUTURE = '2030-12-01T10:00';
let tutor: Login;
let staff: AuthHeaders;
let courseId: number;

const edit = (examId: number, questionId: number, correct: number) =>
  sendForm(t, 'PUT', `${EXAMS}/${examId}/mcq-questions/${questionId}`, staff, {
    questionDTO: JSON.stringify(question('Which gas is evolved?', correct)),
  });
const scores = async (examId: number) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ studentId: submissions.studentId, score: submissions.mcqScore })
        .from(submissions)
        .where(eq(submissions.examId, examId))
    ).map((row) => [row.studentId, row.score]),
  );

async function sitter(): Promise<Login> {
  const who = await t.login('ROLE_STUDENT');
  await enrol(t, staff, courseId, who.id);
  return who;
}

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  staff = tutor.headers;
  courseId = (await t.createCourse(staff, 'Inorganic chemistry')).id;
});

describe('changing the correct option of an answered question', () => {
  it('re-scores every hand-in at once, with an audit row per changed score', async () => {
    const exam = await createExam(t, staff, courseId, { dueDate: FUTURE });
    const q1 = await addQuestion(t, staff, exam.id, question('Which gas is evolved?', 0));
    const q2 = await addQuestion(t, staff, exam.id, question('Q2', 0));
    await examAction(t, staff, exam.id);
    const option = (q: McqQuestion, i: number) => q.options[i]?.id as number;
    const [a, b, c] = [await sitter(), await sitter(), await sitter()];
    // a: Q1 A (right now), b: Q1 B (wrong now), c: Q1 C (wrong either way); all Q2 right.
    for (const [who, pick] of [
      [a, 0],
      [b, 1],
      [c, 2],
    ] as const) {
      expectStatus(
        await submitMcq(t, who.headers, exam.id, [
          [q1.id, option(q1, pick)],
          [q2.id, option(q2, 0)],
        ]),
        201,
      );
    }
    expect(await scores(exam.id)).toEqual({ [a.id]: 50, [b.id]: 25, [c.id]: 25 });

    // The portal's warning reads how many have answered it.
    const answered = await t.call('GET', `${EXAMS}/${exam.id}/mcq-questions/${q1.id}/answered`, staff);
    expect(expectStatus(answered, 200)).toEqual({ count: 3 });

    const changed = await edit(exam.id, q1.id, 1);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await scores(exam.id)).toEqual({ [a.id]: 25, [b.id]: 50, [c.id]: 25 });

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'submission.rescore'))
      .orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.details)).toEqual([
      expect.objectContaining({ examId: exam.id, studentId: a.id, questionId: q1.id, from: 50, to: 25 }),
      expect.objectContaining({ examId: exam.id, studentId: b.id, questionId: q1.id, from: 25, to: 50 }),
    ]);
    expect(audits.every((row) => row.actorId === tutor.id)).toBe(true);

    // Rewording alone re-scores nothing.
    const reworded = await sendForm(t, 'PUT', `${EXAMS}/${exam.id}/mcq-questions/${q1.id}`, staff, {
      questionDTO: JSON.stringify(question('Which gas is given off?', 1)),
    });
    expect(reworded.statusCode, reworded.body).toBe(200);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'submission.rescore'))).toHaveLength(
      2,
    );
  });

  it('re-scores a pooled hand-in over the questions it drew', async () => {
    const exam = await createExam(t, staff, courseId, { dueDate: FUTURE });
    const questions: McqQuestion[] = [];
    for (let i = 0; i < 4; i += 1) questions.push(await addQuestion(t, staff, exam.id, question(`Q${i}`, 0)));
    await t.database.db.update(exams).set({ questionsPerStudent: 2 }).where(eq(exams.id, exam.id));
    await examAction(t, staff, exam.id);
    const who = await sitter();
    const paper = expectStatus<{ questions: { id: number; options: { id: number }[] }[] }>(
      await t.call('GET', `/api/me/exams/${exam.id}`, who.headers),
      200,
    );
    const [first, second] = paper.questions.map((q) => questions.find((s) => s.id === q.id) as McqQuestion);
    // First drawn right (option A), second wrong (option B): 25 of 50.
    expectStatus(
      await submitMcq(t, who.headers, exam.id, [
        [first?.id as number, first?.options[0]?.id as number],
        [second?.id as number, second?.options[1]?.id as number],
      ]),
      201,
    );
    expect((await scores(exam.id))[who.id]).toBe(25);
    // B becomes right on the second: both right out of the two drawn → 50 (not 2 of 4).
    expect((await edit(exam.id, second?.id as number, 1)).statusCode).toBe(200);
    expect((await scores(exam.id))[who.id]).toBe(50);
    const [handedIn] = await t.database.db.select().from(submissions).where(eq(submissions.examId, exam.id));
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'submission.rescore'), eq(auditLog.target, `submission:${handedIn?.id}`)));
    expect(row?.details).toMatchObject({ from: 25, to: 50 });
  });
});
