import { type Exam, type ExamStart, type McqQuestion, type SittingRow, SUBMISSION_MESSAGES } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { examOverrides, exams } from '../../db/schema.js';
import { addQuestion, createExam, enrol, examAction, question } from '../../test/exams.js';
import { expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { SUBMISSIONS, storedSubmission, submitMcq, uploadAnswer } from '../../test/submissions.js';
import { handInDueDraftsJob } from './jobs.js';

/**
 * The server is the clock: an exam's opening, a timed sitting's start and deadline (with a student's
 * extra time, capped by their close), the refusals after it, the hand-in at the deadline, the PART II
 * upload grace and staff's view of the sittings, all on a clock the test moves.
 */
let now = new Date('2030-12-01T02:00:00Z');
const at = (iso: string) => {
  now = new Date(iso);
};
/** Called as a script's bytes are stored: the upload "takes" time (moves the clock). */
let onPut: (() => void) | undefined;

const t = useTestApp({
  clock: () => now,
  wrapStorage: (storage) =>
    new Proxy(storage, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === 'put') {
          return (...args: Parameters<typeof storage.put>) => {
            onPut?.();
            return target.put(...args);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
});

// The platform's zone is Asia/Colombo (UTC+5:30): 10:00 there is 04:30 UTC.
const DUE = '2030-12-01T10:00';
const CLOSE = '2030-12-01T04:30:00.000Z';
const OPENS = new Date('2030-12-01T03:00:00Z');
const OPENS_MESSAGE = 'This exam opens at 2030-12-01 08:30.';

let tutor: Login;
let courseId: number;
const student = async () => {
  const login = await t.login('ROLE_STUDENT');
  await enrol(t, tutor.headers, courseId, login.id);
  return login;
};

const myExams = (who: Login) => t.call('GET', '/api/me/exams', who.headers);
const myExam = (who: Login, examId: number) => t.call('GET', `/api/me/exams/${examId}`, who.headers);
const start = (who: Login, examId: number) => t.call('POST', `/api/me/exams/${examId}/start`, who.headers);
const putDraft = (who: Login, examId: number, answers: [number, number][]) =>
  t.call('PUT', `${SUBMISSIONS}/exam/${examId}/draft`, who.headers, {
    answers: answers.map(([questionId, optionId]) => ({ questionId, optionId })),
  });
const sittings = (examId: number, query = '') =>
  t.call('GET', `/api/api/v1/exams/${examId}/sittings${query}`, tutor.headers);
const submissionOf = (examId: number, studentId: number) => storedSubmission(t, examId, studentId);

/** A published MCQ of four questions (the first option right), with these timing columns set. */
async function mcqExam(timing: Partial<typeof exams.$inferInsert>) {
  const exam = await createExam(t, tutor.headers, courseId, { dueDate: DUE });
  const questions: McqQuestion[] = [];
  for (let i = 0; i < 4; i++) questions.push(await addQuestion(t, tutor.headers, exam.id, question(`Q${i}`, 0)));
  await examAction(t, tutor.headers, exam.id);
  await t.database.db.update(exams).set(timing).where(eq(exams.id, exam.id));
  return { exam, questions };
}
/** Question i's right (first) option, as a [questionId, optionId] pair. */
const right = (questions: McqQuestion[], i: number): [number, number] => [
  (questions[i] as McqQuestion).id,
  (questions[i] as McqQuestion).options[0]?.id as number,
];

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN');
  courseId = (await t.createCourse(tutor.headers, 'Exam day')).id;
});

describe('a timed exam, run on each student own clock', () => {
  let exam: Exam;
  let questions: McqQuestion[];
  let pupil: Login;
  let extra: Login;
  let late: Login;
  let idle: Login;
  let absent: Login;

  beforeAll(async () => {
    at('2030-12-01T02:00:00Z');
    ({ exam, questions } = await mcqExam({ opensAt: OPENS, timeLimitMinutes: 60 }));
    [pupil, extra, late, idle, absent] = [
      await student(),
      await student(),
      await student(),
      await student(),
      await student(),
    ];
    // 15 minutes more for one student: written as the overrides call would.
    await t.database.db.insert(examOverrides).values({ examId: exam.id, studentId: extra.id, extraMinutes: 15 });
  });

  it('before its opening: listed with its opening, but no paper, no start, no answers', async () => {
    const listed = expectStatus<{ id: number }[]>(await myExams(pupil), 200).find((e) => e.id === exam.id);
    expect(listed).toMatchObject({
      opensAt: OPENS.toISOString(),
      dueDate: CLOSE,
      timeLimitMinutes: 60,
      sitting: null,
    });
    expectMessage(await myExam(pupil, exam.id), 403, OPENS_MESSAGE);
    expectMessage(await start(pupil, exam.id), 403, OPENS_MESSAGE);
    expectMessage(await putDraft(pupil, exam.id, [right(questions, 0)]), 403, OPENS_MESSAGE);
    expectMessage(await submitMcq(t, pupil.headers, exam.id, [right(questions, 0)]), 403, OPENS_MESSAGE);
  });

  it('once open, gives no questions and takes no answers before Start', async () => {
    at('2030-12-01T03:01:00Z');
    const answer = expectStatus<Record<string, unknown>>(await myExam(pupil, exam.id), 200);
    expect(answer).toMatchObject({ questions: [], sitting: null, serverNow: '2030-12-01T03:01:00.000Z' });
    expectMessage(await putDraft(pupil, exam.id, [right(questions, 0)]), 409, SUBMISSION_MESSAGES.notStarted);
    expectMessage(await submitMcq(t, pupil.headers, exam.id, []), 409, SUBMISSION_MESSAGES.notStarted);
  });

  it('Start begins the sitting once: a repeated start answers the same one', async () => {
    const first = expectStatus<ExamStart>(await start(pupil, exam.id), 200);
    expect(first).toEqual({
      startedAt: '2030-12-01T03:01:00.000Z',
      deadline: '2030-12-01T04:01:00.000Z',
      serverNow: '2030-12-01T03:01:00.000Z',
    });
    at('2030-12-01T03:05:00Z');
    expect(expectStatus(await start(pupil, exam.id), 200)).toEqual({ ...first, serverNow: '2030-12-01T03:05:00.000Z' });
    const paper = expectStatus<{ questions: unknown[]; sitting: unknown }>(await myExam(pupil, exam.id), 200);
    expect(paper.questions).toHaveLength(4);
    expect(paper.sitting).toEqual({ startedAt: first.startedAt, deadline: first.deadline });
  });

  it("a student's extra minutes lengthen their sitting; the close cuts any sitting short", async () => {
    expect(expectStatus(await start(extra, exam.id), 200)).toMatchObject({ deadline: '2030-12-01T04:20:00.000Z' });
    expect(expectStatus(await start(idle, exam.id), 200)).toMatchObject({ deadline: '2030-12-01T04:05:00.000Z' });
    at('2030-12-01T04:00:00Z');
    expect(expectStatus(await start(late, exam.id), 200)).toMatchObject({ deadline: CLOSE });
  });

  it('after the deadline: "Time is up." for drafts and hand-ins, while others still have time', async () => {
    at('2030-12-01T03:30:00Z');
    expectStatus(await putDraft(pupil, exam.id, [right(questions, 0), right(questions, 1)]), 200);
    expectStatus(await putDraft(extra, exam.id, [right(questions, 0)]), 200);
    at('2030-12-01T04:01:00Z');
    expectMessage(await putDraft(pupil, exam.id, [right(questions, 0)]), 409, SUBMISSION_MESSAGES.timeUp);
    expectMessage(await submitMcq(t, pupil.headers, exam.id, [right(questions, 0)]), 409, SUBMISSION_MESSAGES.timeUp);
    expectStatus(await putDraft(extra, exam.id, [right(questions, 0), right(questions, 2)]), 200);
    expectStatus(await submitMcq(t, late.headers, exam.id, [right(questions, 3)]), 201);
  });

  it('the sweep hands in each last draft at its own deadline, flagged, scored, once', async () => {
    at('2030-12-01T04:01:30Z');
    // As the queue runs it every 30 s (the timer's send, then a worker).
    await t.app.jobs.send(handInDueDraftsJob, {});
    await t.app.jobs.drain(handInDueDraftsJob);
    const handed = await submissionOf(exam.id, pupil.id);
    expect(handed).toMatchObject({ handedInAtDeadline: true, mcqScore: 25 });
    expect(handed?.submittedAt.toISOString()).toBe('2030-12-01T04:01:00.000Z');
    // Extra time: not yet.
    expect(await submissionOf(exam.id, extra.id)).toBeUndefined();
    expect(await t.app.submissions.sweepDueDrafts()).toBe(0);
    expectMessage(await start(pupil, exam.id), 409, SUBMISSION_MESSAGES.alreadySubmitted);

    at('2030-12-01T04:20:40Z');
    await t.app.submissions.sweepDueDrafts();
    const extraHanded = await submissionOf(exam.id, extra.id);
    expect(extraHanded?.submittedAt.toISOString()).toBe('2030-12-01T04:20:00.000Z');
    expect(extraHanded?.handedInAtDeadline).toBe(true);
    // A student who saved nothing has nothing handed in for them.
    at('2030-12-01T04:31:00Z');
    await t.app.submissions.sweepDueDrafts();
    expect(await submissionOf(exam.id, idle.id)).toBeUndefined();
    expectMessage(await start(absent, exam.id), 403, SUBMISSION_MESSAGES.pastDue);
  });

  it("lists every student's sitting for staff, searchable and filtered by state", async () => {
    const page = expectStatus<{ items: SittingRow[]; total: number }>(await sittings(exam.id, '?limit=10'), 200);
    expect(page.total).toBe(5);
    const byId = new Map(page.items.map((row) => [row.studentId, row]));
    expect(byId.get(pupil.id)).toMatchObject({
      username: pupil.username,
      state: 'handed-in-at-deadline',
      startedAt: '2030-12-01T03:01:00.000Z',
      deadline: '2030-12-01T04:01:00.000Z',
      submittedAt: '2030-12-01T04:01:00.000Z',
    });
    expect(byId.get(extra.id)).toMatchObject({ state: 'handed-in-at-deadline', deadline: '2030-12-01T04:20:00.000Z' });
    expect(byId.get(late.id)).toMatchObject({ state: 'handed-in', submittedAt: '2030-12-01T04:01:00.000Z' });
    expect(byId.get(idle.id)).toMatchObject({ state: 'in-progress', submittedAt: null });
    expect(byId.get(absent.id)).toMatchObject({ state: 'not-started', startedAt: null, deadline: null });

    const open = expectStatus<{ items: SittingRow[] }>(await sittings(exam.id, '?limit=10&state=not-handed-in'), 200);
    expect(open.items.map((row) => row.studentId).sort()).toEqual([idle.id, absent.id].sort());
    const found = expectStatus<{ items: SittingRow[]; total: number }>(
      await sittings(exam.id, `?limit=10&q=${idle.username}`),
      200,
    );
    expect(found.items.map((row) => row.studentId)).toEqual([idle.id]);
    expectMessage(await sittings(exam.id, '?state=lost'), 400, /state must be one of/);
    expectMessage(await sittings(999_999, '?limit=10'), 404, 'Exam not found.');
    const asStudent = await t.call('GET', `/api/api/v1/exams/${exam.id}/sittings`, pupil.headers);
    expect(asStudent.statusCode).toBe(403);
  });
});

describe('an untimed exam with an opening', () => {
  it('opens at its hour, needs no start, and closes at each student own close', async () => {
    at('2030-12-01T02:00:00Z');
    const { exam, questions } = await mcqExam({ opensAt: OPENS });
    const pupil = await student();
    const later = await student();
    // One student's own close, an hour after the exam's.
    await t.database.db
      .insert(examOverrides)
      .values({ examId: exam.id, studentId: later.id, dueDate: new Date('2030-12-01T05:30:00Z') });
    expectMessage(await myExam(pupil, exam.id), 403, OPENS_MESSAGE);

    at('2030-12-01T03:00:00Z');
    const paper = expectStatus<Record<string, unknown>>(await myExam(pupil, exam.id), 200);
    expect(paper).toMatchObject({ sitting: null, timeLimitMinutes: null, serverNow: '2030-12-01T03:00:00.000Z' });
    expect(paper.questions).toHaveLength(4);
    expectStatus(await putDraft(pupil, exam.id, [right(questions, 0)]), 200);
    expectStatus(await putDraft(later, exam.id, [right(questions, 1)]), 200);
    const listed = expectStatus<{ id: number }[]>(await myExams(later), 200).find((e) => e.id === exam.id);
    expect(listed).toMatchObject({ dueDate: '2030-12-01T05:30:00.000Z' });

    at('2030-12-01T04:30:00Z');
    // Untimed: the message it always had at the due date.
    expectMessage(await putDraft(pupil, exam.id, [right(questions, 0)]), 409, SUBMISSION_MESSAGES.pastDue);
    expectStatus(await putDraft(later, exam.id, [right(questions, 0)]), 200);
    await t.app.submissions.sweepDueDrafts();
    const handed = await submissionOf(exam.id, pupil.id);
    expect(handed?.submittedAt.toISOString()).toBe(CLOSE);
    expect(handed?.handedInAtDeadline).toBe(true);
    expect(await submissionOf(exam.id, later.id)).toBeUndefined();
  });
});

describe('a paper the whole class opens together', () => {
  it('is the same bytes for every student within a second, so it is compressed once', async () => {
    at('2030-12-01T03:00:00.000Z');
    const { exam } = await mcqExam({ opensAt: null });
    const [first, second] = [await student(), await student()];
    const a = await myExam(first, exam.id);
    at('2030-12-01T03:00:00.731Z');
    const b = await myExam(second, exam.id);
    expect(a.statusCode).toBe(200);
    // The route's shared cache is keyed by the answer's text: a millisecond in it made every answer unique.
    expect(b.body).toBe(a.body);
    expect(JSON.parse(b.body)).toMatchObject({ serverNow: '2030-12-01T03:00:00.000Z' });
  });
});

describe('PART II', () => {
  let exam: Exam;
  beforeAll(async () => {
    at('2030-12-01T02:00:00Z');
    exam = await createExam(t, tutor.headers, courseId, { dueDate: DUE, examType: 'TRADITIONAL' });
    await examAction(t, tutor.headers, exam.id);
    await t.database.db.update(exams).set({ opensAt: OPENS }).where(eq(exams.id, exam.id));
  });

  it('gives no paper link before the opening', async () => {
    const pupil = await student();
    const paper = () => t.call('GET', `/api/api/v1/exams/${exam.id}/paper`, pupil.headers);
    expectMessage(await paper(), 403, OPENS_MESSAGE);
    at('2030-12-01T03:00:00Z');
    expect(expectStatus<{ url: string }>(await paper(), 200).url).toBeTruthy();
  });

  it('takes a script whose upload began before the close within the grace, and not after it', async () => {
    const [inTime, tooSlow, tooLate] = [await student(), await student(), await student()];
    try {
      at('2030-12-01T04:29:00Z');
      onPut = () => at('2030-12-01T04:39:00Z');
      expectStatus(await uploadAnswer(t, inTime.headers, exam.id), 201);
      at('2030-12-01T04:29:00Z');
      onPut = () => at('2030-12-01T04:40:01Z');
      expectMessage(await uploadAnswer(t, tooSlow.headers, exam.id), 409, SUBMISSION_MESSAGES.pastDue);
      onPut = undefined;
      at('2030-12-01T04:30:00Z');
      expectMessage(await uploadAnswer(t, tooLate.headers, exam.id), 409, SUBMISSION_MESSAGES.pastDue);
    } finally {
      onPut = undefined;
    }
    expect((await submissionOf(exam.id, inTime.id))?.submittedAt.toISOString()).toBe('2030-12-01T04:39:00.000Z');
    expect(await submissionOf(exam.id, tooSlow.id)).toBeUndefined();
  });
});
