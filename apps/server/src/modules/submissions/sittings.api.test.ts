import type { ItemAnalysis, McqQuestion, StudentExam, StudentQuestion } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exams, submissions } from '../../db/schema.js';
import { addQuestion, createExam, enrol, examAction, question } from '../../test/exams.js';
import { type AuthHeaders, expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { SUBMISSIONS, submitMcq } from '../../test/submissions.js';
import { NOT_DRAWN } from './service.js';

const t = useTestApp();
const FUTURE = '2030-12-01T10:00';
let staff: AuthHeaders;
let courseId: number;

/** The exam's settings written straight in: the exams module's edit call is not this module's. */
const settle = (examId: number, values: Partial<typeof exams.$inferInsert>) =>
  t.database.db.update(exams).set(values).where(eq(exams.id, examId));

/** A published MCQ paper of `count` questions, question i's right option i mod 5. */
async function paper(count: number, settings: Partial<typeof exams.$inferInsert>) {
  const exam = await createExam(t, staff, courseId, { dueDate: FUTURE });
  const questions: McqQuestion[] = [];
  for (let i = 0; i < count; i += 1) questions.push(await addQuestion(t, staff, exam.id, question(`Q${i + 1}`, i % 5)));
  if (Object.keys(settings).length > 0) await settle(exam.id, settings);
  await examAction(t, staff, exam.id);
  return { examId: exam.id, questions };
}

async function student(): Promise<Login> {
  const who = await t.login('ROLE_STUDENT');
  await enrol(t, staff, courseId, who.id);
  return who;
}

const myExam = async (who: Login, examId: number) =>
  expectStatus<StudentExam>(await t.call('GET', `/api/me/exams/${examId}`, who.headers), 200);
const shape = (questions: StudentQuestion[]) => questions.map((q) => [q.id, ...q.options.map((o) => o.id)].join(':'));
const rightOf = (questions: McqQuestion[], id: number) =>
  questions.find((q) => q.id === id)?.options.find((o) => o.isCorrect)?.id as number;
const wrongOf = (questions: McqQuestion[], id: number) =>
  questions.find((q) => q.id === id)?.options.find((o) => !o.isCorrect)?.id as number;

beforeAll(async () => {
  staff = (await t.login('ROLE_ADMIN')).headers;
  courseId = (await t.createCourse(staff, 'Organic chemistry')).id;
});

describe('shuffled papers', () => {
  it('gives each student their own order, the same on every reload, and nothing else changes', async () => {
    const { examId, questions } = await paper(12, { shuffleQuestions: true, shuffleOptions: true });
    const students = await Promise.all(Array.from({ length: 5 }, () => student()));
    const papers: string[][] = [];
    for (const who of students) {
      const first = await myExam(who, examId);
      // Reloaded (another device reads the same): the very same paper.
      expect(shape((await myExam(who, examId)).questions)).toEqual(shape(first.questions));
      expect(first.questionCount).toBe(12);
      // Every question, each with its own five options, whatever the order; texts still with their ids.
      expect(first.questions.map((q) => q.id).sort((a, b) => a - b)).toEqual(questions.map((q) => q.id));
      for (const q of first.questions) {
        const stored = questions.find((s) => s.id === q.id) as McqQuestion;
        expect(q.questionText).toBe(stored.questionText);
        expect(q.options.map((o) => o.id).sort((a, b) => a - b)).toEqual(stored.options.map((o) => o.id));
        for (const o of q.options) expect(o.optionText).toBe(stored.options.find((s) => s.id === o.id)?.optionText);
        expect(JSON.stringify(q)).not.toContain('isCorrect');
      }
      papers.push(shape(first.questions));
    }
    // 12! × (5!)^12 orders: two of five students drawing the same is practically impossible.
    expect(new Set(papers.map((p) => p.join())).size).toBeGreaterThanOrEqual(2);
    // And shuffled at all: not every student got the paper's own order.
    const paperOrder = questions.map((q) => [q.id, ...q.options.map((o) => o.id)].join(':')).join();
    expect(papers.some((p) => p.join() !== paperOrder)).toBe(true);

    // Scored by ids, not positions: every right option → 50.
    const who = students[1] as Login;
    const answers = questions.map((q): [number, number] => [q.id, rightOf(questions, q.id)]);
    expect(expectStatus<{ mcqScore: number }>(await submitMcq(t, who.headers, examId, answers), 201).mcqScore).toBe(50);
  });

  it('keeps the paper’s own order and the shared answer for an exam with none of the settings', async () => {
    const { examId, questions } = await paper(4, {});
    const [a, b] = [await student(), await student()];
    const mine = await myExam(a, examId);
    expect(mine.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    const raw = async (who: Login) => (await t.call('GET', `/api/me/exams/${examId}`, who.headers)).body;
    expect(JSON.parse(await raw(a)).questions).toEqual(JSON.parse(await raw(b)).questions);
  });
});

describe('a question pool (questionsPerStudent)', () => {
  it('gives N of the paper’s questions, scores 50 × correct ÷ N, and refuses a question not drawn', async () => {
    const { examId, questions } = await paper(10, { questionsPerStudent: 4 });
    const who = await student();
    const mine = await myExam(who, examId);
    expect(mine.questions).toHaveLength(4);
    expect(mine.questionCount).toBe(4);
    const listed = expectStatus<{ id: number; questionCount: number }[]>(
      await t.call('GET', '/api/me/exams', who.headers),
      200,
    );
    expect(listed.find((e) => e.id === examId)?.questionCount).toBe(4);
    // Drawn in the paper's order (not shuffled), the same on reload.
    const drawn = mine.questions.map((q) => q.id);
    expect(drawn).toEqual([...drawn].sort((a, b) => a - b));
    expect((await myExam(who, examId)).questions.map((q) => q.id)).toEqual(drawn);

    const undrawn = questions.find((q) => !drawn.includes(q.id)) as McqQuestion;
    const stray: [number, number] = [undrawn.id, rightOf(questions, undrawn.id)];
    const draft = await t.call('PUT', `${SUBMISSIONS}/exam/${examId}/draft`, who.headers, {
      answers: [{ questionId: stray[0], optionId: stray[1] }],
    });
    expectMessage(draft, 400, NOT_DRAWN);
    expectMessage(await submitMcq(t, who.headers, examId, [stray]), 400, NOT_DRAWN);

    // A draft of drawn questions only is saved.
    const drawnDraft = await t.call('PUT', `${SUBMISSIONS}/exam/${examId}/draft`, who.headers, {
      answers: [{ questionId: drawn[0], optionId: rightOf(questions, drawn[0] as number) }],
    });
    expect(drawnDraft.statusCode, drawnDraft.body).toBe(200);

    // Three right, one wrong, out of the four drawn: 50 × 3 ÷ 4 = 37.5 (not 50 × 3 ÷ 10).
    const answers = drawn.map((id, i): [number, number] => [
      id,
      i < 3 ? rightOf(questions, id) : wrongOf(questions, id),
    ]);
    const handedIn = expectStatus<{ mcqScore: number }>(await submitMcq(t, who.headers, examId, answers), 201);
    expect(handedIn.mcqScore).toBe(37.5);
  });

  it('hands a due draft in scored over the drawn questions', async () => {
    const { examId, questions } = await paper(6, { questionsPerStudent: 3, shuffleQuestions: true });
    const who = await student();
    const drawn = (await myExam(who, examId)).questions.map((q) => q.id);
    expect(drawn).toHaveLength(3);
    const saved = await t.call('PUT', `${SUBMISSIONS}/exam/${examId}/draft`, who.headers, {
      answers: drawn.slice(0, 2).map((id) => ({ questionId: id, optionId: rightOf(questions, id) })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await settle(examId, { dueDate: new Date(Date.now() - 1000) });
    const after = await myExam(who, examId);
    expect(after.submitted).toBe(true);
    const [handedIn] = await t.database.db.select().from(submissions).where(eq(submissions.examId, examId));
    expect(handedIn?.handedInAtDeadline).toBe(true);
    // 2 of 3 drawn right: 33.33…, not 2 of 6.
    expect(handedIn?.mcqScore).toBeCloseTo((50 * 2) / 3, 6);
  });
});

describe('item analysis of a pooled paper', () => {
  it('counts each question over the sittings that drew it only', async () => {
    const { examId, questions } = await paper(4, { questionsPerStudent: 2 });
    const drawnBy = new Map<number, number>();
    const rightBy = new Map<number, number>();
    for (let s = 0; s < 6; s += 1) {
      const who = await student();
      const drawn = (await myExam(who, examId)).questions.map((q) => q.id);
      // Everyone answers their first drawn question right and the second wrong.
      const answers = drawn.map((id, i): [number, number] => [
        id,
        i === 0 ? rightOf(questions, id) : wrongOf(questions, id),
      ]);
      expectStatus(await submitMcq(t, who.headers, examId, answers), 201);
      for (const id of drawn) drawnBy.set(id, (drawnBy.get(id) ?? 0) + 1);
      rightBy.set(drawn[0] as number, (rightBy.get(drawn[0] as number) ?? 0) + 1);
    }
    const analysis = expectStatus<ItemAnalysis>(
      await t.call('GET', `/api/api/v1/exams/${examId}/item-analysis`, staff),
      200,
    );
    expect(analysis.sitters).toBe(6);
    // Six sittings of two questions each over four questions: not every question was drawn by all six.
    expect([...drawnBy.values()].reduce((a, b) => a + b, 0)).toBe(12);
    for (const item of analysis.questions) {
      const n = drawnBy.get(item.questionId) ?? 0;
      expect(item.drawnBy).toBe(n);
      expect(item.facility).toBe(n === 0 ? null : (rightBy.get(item.questionId) ?? 0) / n);
      const shares = item.options.reduce((sum, option) => sum + (option.share ?? 0), 0);
      // Every sitter who drew it answered it: the option shares add up to 1 over those sitters.
      if (n > 0) expect(shares).toBeCloseTo(1, 9);
    }
    // Papers of different questions are not one test: no KR-20.
    expect(analysis.kr20).toBeNull();
  });
});
