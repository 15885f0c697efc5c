import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrollments, idempotencyKeys, mcqQuestions, submissions } from '../db/schema.js';
import { addQuestion, createExam, EXAMS, enrol, examAction, question } from '../test/exams.js';
import { expectMessage, type Login, useTestApp } from '../test/harness.js';
import { sendForm } from '../test/multipart.js';
import { SUBMISSIONS, uploadAnswer } from '../test/submissions.js';
import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from './idempotency.js';

const t = useTestApp();
let tutor: Login;
let colleague: Login;
let courseId: number;
let source: number;
let firstQuestion: number;

const keyed = (login: Login, key: string) => ({ ...login.headers, 'idempotency-key': key });
const questionsOf = async (examId: number) =>
  (await t.database.db.select().from(mcqQuestions).where(eq(mcqQuestions.examId, examId))).length;
const copy = (examId: number, headers: Record<string, string>, body: object = { fromExamId: source }) =>
  t.call('POST', `${EXAMS}/${examId}/mcq-questions/copy`, headers, body);

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'keyed-tutor');
  colleague = await t.login('ROLE_ADMIN', 'keyed-colleague');
  courseId = (await t.createCourse(tutor.headers, 'Keyed chemistry')).id;
  source = (await createExam(t, tutor.headers, courseId)).id;
  firstQuestion = (await addQuestion(t, tutor.headers, source, question('First?'))).id;
  await addQuestion(t, tutor.headers, source, question('Second?', 2));
});

describe('Idempotency-Key', () => {
  it('answers a repeated copy with the first answer and copies nothing more', async () => {
    const target = (await createExam(t, tutor.headers, courseId)).id;
    const first = await copy(target, keyed(tutor, 'copy-1'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const again = await copy(target, keyed(tutor, 'copy-1'));
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await questionsOf(target)).toBe(2);
    // Without a key, or with a new one, the call runs again.
    expect((await copy(target, keyed(tutor, 'copy-2'))).statusCode).toBe(201);
    expect(await questionsOf(target)).toBe(4);
  });

  it('keeps each user’s keys apart: a colleague’s same key does its own work', async () => {
    const target = (await createExam(t, tutor.headers, courseId)).id;
    expect((await copy(target, keyed(tutor, 'shared-key'))).statusCode).toBe(201);
    const theirs = await copy(target, keyed(colleague, 'shared-key'));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await questionsOf(target)).toBe(4);
  });

  it('refuses the same key for another request, and a bad key', async () => {
    const target = (await createExam(t, tutor.headers, courseId)).id;
    const other = (await createExam(t, tutor.headers, courseId)).id;
    expect((await copy(target, keyed(tutor, 'one-action'))).statusCode).toBe(201);
    expectMessage(await copy(other, keyed(tutor, 'one-action')), 422, IDEMPOTENCY_MESSAGES.reused);
    expectMessage(
      await copy(target, keyed(tutor, 'one-action'), { fromExamId: source, questionIds: [firstQuestion] }),
      422,
      IDEMPOTENCY_MESSAGES.reused,
    );
    expectMessage(await copy(target, keyed(tutor, 'x'.repeat(256))), 400, IDEMPOTENCY_MESSAGES.badKey);
    expect(await questionsOf(other)).toBe(0);
  });

  it('refuses a repeat while the first is still being worked on, until it is taken as lost', async () => {
    const target = (await createExam(t, tutor.headers, courseId)).id;
    expect((await copy(target, keyed(tutor, 'in-flight'))).statusCode).toBe(201);
    const mine = and(eq(idempotencyKeys.accountId, tutor.id), eq(idempotencyKeys.key, 'in-flight'));
    // As the row of a request another server is still answering looks.
    await t.database.db.update(idempotencyKeys).set({ status: null, body: 'another-request' }).where(mine);
    expectMessage(await copy(target, keyed(tutor, 'in-flight')), 409, IDEMPOTENCY_MESSAGES.inFlight);
    expect(await questionsOf(target)).toBe(2);
    // Half an hour unanswered: that server stopped, and the request runs again.
    await t.database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '31 minutes'` }).where(mine);
    expect((await copy(target, keyed(tutor, 'in-flight'))).statusCode).toBe(201);
    expect(await questionsOf(target)).toBe(4);
  });

  it('keeps no failure: the same request sent again after a refusal runs again', async () => {
    const target = (await createExam(t, tutor.headers, courseId)).id;
    expect((await copy(target, keyed(tutor, 'after-404'), { fromExamId: 987654 })).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, tutor.id), eq(idempotencyKeys.key, 'after-404')));
    expect(rows).toEqual([]);
  });

  it('replays an expired key no more: after a day it runs again', async () => {
    const target = (await createExam(t, tutor.headers, courseId)).id;
    expect((await copy(target, keyed(tutor, 'old'))).statusCode).toBe(201);
    await t.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'old'));
    expect((await copy(target, keyed(tutor, 'old'))).headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await questionsOf(target)).toBe(4);
  });

  it('answers a repeated import (a file upload) with the first answer and imports nothing more', async () => {
    const exam = (await createExam(t, tutor.headers, courseId)).id;
    const file = {
      bytes: 'question,option1,option2,option3,option4,option5,correct,image\nWhich?,H2,O2,CO2,N2,Cl2,1,\n',
      name: 'questions.csv',
      type: 'text/csv',
    };
    const send = () => sendForm(t, 'POST', `${EXAMS}/${exam}/mcq-questions/import`, keyed(tutor, 'import-1'), { file });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await questionsOf(exam)).toBe(1);
  });

  it('answers a repeated bulk enrolment with the first answer', async () => {
    const course = (await t.createCourse(tutor.headers, 'Keyed bulk')).id;
    const pupil = await t.login('ROLE_STUDENT', 'keyed-bulk-pupil');
    const body = { courseId: course, studentIds: [pupil.id] };
    const first = await t.call('POST', '/api/enrollments/bulk', keyed(tutor, 'bulk-1'), body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.call('POST', '/api/enrollments/bulk', keyed(tutor, 'bulk-1'), body);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    // Run again it would say "already enrolled"; the kept answer still says what the first did.
    expect(again.json()).toEqual(first.json());
    expect(await t.database.db.select().from(enrollments).where(eq(enrollments.courseId, course))).toHaveLength(1);
  });

  it('answers a student’s repeated hand-in with the first answer, not a refusal', async () => {
    const pupil = await t.login('ROLE_STUDENT', 'keyed-pupil');
    await enrol(t, tutor.headers, courseId, pupil.id);
    const mcq = await createExam(t, tutor.headers, courseId, { dueDate: '2030-12-01T10:00' });
    const q = await addQuestion(t, tutor.headers, mcq.id, question('Gas?'));
    await examAction(t, tutor.headers, mcq.id);
    const body = { answers: [{ questionId: q.id, optionId: q.options[0]?.id }] };
    const handIn = () => t.call('POST', `${SUBMISSIONS}/exam/${mcq.id}/mcq`, keyed(pupil, 'hand-in-1'), body);
    const first = await handIn();
    expect(first.statusCode, first.body).toBe(201);
    const again = await handIn();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.database.db.select().from(submissions).where(eq(submissions.examId, mcq.id))).toHaveLength(1);
    // Without the key the same hand-in is refused, as before: the key is what makes the repeat safe.
    expect((await t.call('POST', `${SUBMISSIONS}/exam/${mcq.id}/mcq`, pupil.headers, body)).statusCode).toBe(409);

    const essay = await createExam(t, tutor.headers, courseId, {
      examType: 'TRADITIONAL',
      dueDate: '2030-12-01T10:00',
    });
    await examAction(t, tutor.headers, essay.id);
    const upload = () =>
      sendForm(t, 'POST', `${SUBMISSIONS}/exam/${essay.id}/upload`, keyed(pupil, 'upload-1'), {
        file: { bytes: Buffer.from('%PDF-1.4 my pages'), name: 'answer.pdf' },
      });
    const sent = await upload();
    expect(sent.statusCode, sent.body).toBe(201);
    const resent = await upload();
    // Sent again without the key it would replace the script (200); the repeat is the first answer.
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toEqual(sent.json());
    expect((await uploadAnswer(t, pupil.headers, essay.id)).statusCode).toBe(200);
  });
});
