import { brotliDecompressSync } from 'node:zlib';
import { type Exam, type McqQuestion, mcqDraftSchema, SUBMISSION_MESSAGES } from '@valence/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { submissionAnswers, submissionDrafts, submissions } from '../../db/schema.js';
import { addQuestion, createExam, EXAMS, enrol, examAction, question } from '../../test/exams.js';
import { expectMessage, type Login, useTestApp } from '../../test/harness.js';
import { sendForm } from '../../test/multipart.js';
import { SUBMISSIONS, storedSubmission, submitMcq } from '../../test/submissions.js';
import { ANSWERED_TWICE, SubmissionsService, WRONG_WAY } from './service.js';

const t = useTestApp();
let tutor: Login;
let pupil: Login;
let classmate: Login;
let outsider: Login;
let courseId: number;
const FUTURE = '2030-12-01T10:00';
const PAST = '2026-01-01T10:00';
const NOT_ENROLLED = 'You are not enrolled in this course.';
/** Correct options in different places, so stored order gives nothing away. */
const CORRECT = [2, 0, 4, 1];

type Pair = [number, number];
const draftUrl = (examId: number) => `${SUBMISSIONS}/exam/${examId}/draft`;
const getDraft = (who: Login, examId: number) => t.call('GET', draftUrl(examId), who.headers);
const putDraft = (who: Login, examId: number, answers: Pair[], revision?: number) =>
  t.call('PUT', draftUrl(examId), who.headers, {
    answers: answers.map(([questionId, optionId]) => ({ questionId, optionId })),
    ...(revision === undefined ? {} : { revision }),
  });
const myExams = (who: Login) => t.call('GET', '/api/me/exams', who.headers);
const myExam = (who: Login, examId: number) => t.call('GET', `/api/me/exams/${examId}`, who.headers);
const pairs = (answers: Pair[]) => answers.map(([questionId, optionId]) => ({ questionId, optionId }));
/** Question `q`'s option `i`, as a [questionId, optionId] pair. */
const pick = (questions: McqQuestion[], q: number, i: number): Pair => [
  (questions[q] as McqQuestion).id,
  (questions[q] as McqQuestion).options[i]?.id as number,
];

/** A published MCQ exam of the course with one question per entry of `correct` (the right option's place). */
async function openMcq(overrides: Record<string, unknown> = {}, correct = CORRECT) {
  const exam = await createExam(t, tutor.headers, courseId, { dueDate: FUTURE, ...overrides });
  const questions: McqQuestion[] = [];
  for (const [i, right] of correct.entries()) {
    questions.push(await addQuestion(t, tutor.headers, exam.id, question(`Question ${i + 1} of ${exam.id}`, right)));
  }
  await examAction(t, tutor.headers, exam.id);
  return { exam, questions };
}

const draftRows = (examId: number, studentId?: number) =>
  t.database.db
    .select()
    .from(submissionDrafts)
    .where(
      studentId === undefined
        ? eq(submissionDrafts.examId, examId)
        : and(eq(submissionDrafts.examId, examId), eq(submissionDrafts.studentId, studentId)),
    );
const submissionOf = (examId: number, studentId: number) => storedSubmission(t, examId, studentId);
const answersOf = (submissionId: number) =>
  t.database.db
    .select({ questionId: submissionAnswers.questionId, optionId: submissionAnswers.optionId })
    .from(submissionAnswers)
    .where(eq(submissionAnswers.submissionId, submissionId));

let mcq: Exam;
let questions: McqQuestion[];
let partTwo: Exam;

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN');
  pupil = await t.login('ROLE_STUDENT');
  classmate = await t.login('ROLE_STUDENT');
  outsider = await t.login('ROLE_STUDENT');
  courseId = (await t.createCourse(tutor.headers, 'Physical chemistry')).id;
  await enrol(t, tutor.headers, courseId, pupil.id);
  await enrol(t, tutor.headers, courseId, classmate.id);
  ({ exam: mcq, questions } = await openMcq());
  partTwo = await createExam(t, tutor.headers, courseId, { dueDate: FUTURE, examType: 'TRADITIONAL' });
  await examAction(t, tutor.headers, partTwo.id);
});

describe('GET /me/exams and GET /me/exams/{examId}', () => {
  it('lists my exams without their questions, saying where I stand in each', async () => {
    const answer = await myExams(pupil);
    expect(answer.statusCode).toBe(200);
    // Nothing of a question's wording or options travels with the list.
    expect(answer.body).not.toContain('Question 1');
    expect(answer.body).not.toContain('options');
    const [first, second] = answer.json();
    expect(first).toEqual({
      id: mcq.id,
      courseId,
      courseTitle: 'Physical chemistry',
      title: mcq.title,
      description: mcq.description,
      dueDate: mcq.dueDate,
      examType: 'MCQ',
      examIdentifier: mcq.examIdentifier,
      questionCount: 4,
      submitted: false,
      submittedAt: null,
      hasDraft: false,
      // Open since publication, untimed, no sitting: as every exam was before windows and limits.
      opensAt: null,
      timeLimitMinutes: null,
      sitting: null,
    });
    expect(second).toMatchObject({ id: partTwo.id, examType: 'TRADITIONAL', questionCount: 0, hasDraft: false });
    expect(second).not.toHaveProperty('questions');
  });

  it('answers one exam with its questions and options in stored order, never the answer key', async () => {
    const answer = await myExam(pupil, mcq.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('isCorrect');
    const exam = answer.json();
    expect(exam).toMatchObject({ id: mcq.id, questionCount: 4, submitted: false, hasDraft: false });
    expect(exam.questions).toEqual(
      questions.map((q) => ({
        id: q.id,
        questionText: q.questionText,
        questionImageUrl: null,
        options: q.options.map((o) => ({ id: o.id, optionText: o.optionText })),
      })),
    );
    expect((await myExam(pupil, partTwo.id)).json()).toMatchObject({ questions: [], questionCount: 0 });

    // Compressed in one call, with its length known (not streamed in chunks), as a phone asks for it.
    const big = await openMcq(
      {},
      Array.from({ length: 40 }, (_, i) => i % 5),
    );
    const compressed = await t.app.inject({
      method: 'GET',
      url: `/api/me/exams/${big.exam.id}`,
      headers: { ...pupil.headers, 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    const unpacked = brotliDecompressSync(compressed.rawPayload);
    expect(unpacked.length).toBeGreaterThan(8 * 1024);
    expect(JSON.parse(unpacked.toString()).questions).toHaveLength(40);
  });

  it('shows a question changed, added or removed by staff at once, though the paper is shared', async () => {
    const { exam, questions: asked } = await openMcq({}, [0, 1]);
    const paperText = async () =>
      ((await myExam(pupil, exam.id)).json().questions as McqQuestion[]).map((q) => q.questionText);
    // Opened by two students: the second is served the paper built for the first.
    expect(await paperText()).toEqual([`Question 1 of ${exam.id}`, `Question 2 of ${exam.id}`]);
    expect(((await myExam(classmate, exam.id)).json().questions as McqQuestion[]).length).toBe(2);

    const questionsUrl = `${EXAMS}/${exam.id}/mcq-questions`;
    const first = asked[0] as McqQuestion;
    const edit = await sendForm(t, 'PUT', `${questionsUrl}/${first.id}`, tutor.headers, {
      questionDTO: JSON.stringify(question('Which gas turns limewater milky?', 0)),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await paperText()).toEqual(['Which gas turns limewater milky?', `Question 2 of ${exam.id}`]);

    const added = await addQuestion(t, tutor.headers, exam.id, question('Which metal is liquid?', 3));
    const paper = (await myExam(pupil, exam.id)).json();
    expect(paper).toMatchObject({ questionCount: 3 });
    expect(paper.questions.at(-1)).toMatchObject({ id: added.id, questionText: 'Which metal is liquid?' });
    // The new question can be answered straight away.
    expect((await putDraft(pupil, exam.id, [pick([added], 0, 3)], 1)).statusCode).toBe(200);

    const removed = await t.call('DELETE', `${questionsUrl}/${(asked[1] as McqQuestion).id}`, tutor.headers);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await paperText()).toEqual(['Which gas turns limewater milky?', 'Which metal is liquid?']);
  });

  it('hides an unpublished or content-deleted exam (404) and refuses another course’s student (403)', async () => {
    const hidden = await createExam(t, tutor.headers, courseId, { dueDate: FUTURE });
    expectMessage(await myExam(pupil, hidden.id), 404, 'Exam not found.');
    expectMessage(await myExam(outsider, hidden.id), 404, 'Exam not found.');
    expectMessage(await myExam(outsider, mcq.id), 403, NOT_ENROLLED);
    expectMessage(await myExam(pupil, 987654), 404, 'Exam not found.');
    const { exam: withdrawn } = await openMcq({}, [0]);
    expect((await t.call('DELETE', `${EXAMS}/${withdrawn.id}`, tutor.headers)).statusCode).toBe(200);
    expectMessage(await myExam(pupil, withdrawn.id), 404, 'Exam not found.');
  });
});

describe('PUT and GET /api/v1/submissions/exam/{examId}/draft', () => {
  it('saves my choices, replaces them, and shows only me my own', async () => {
    expectMessage(await getDraft(pupil, mcq.id), 404, SUBMISSION_MESSAGES.noDraft);
    const first = await putDraft(pupil, mcq.id, [pick(questions, 0, 1)], 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      examId: mcq.id,
      answers: pairs([pick(questions, 0, 1)]),
      revision: 1,
      updatedAt: expect.any(String),
    });
    const mine = [pick(questions, 0, 2), pick(questions, 2, 3)];
    expect((await putDraft(pupil, mcq.id, mine, 2)).json()).toMatchObject({ answers: pairs(mine), revision: 2 });
    expect((await getDraft(pupil, mcq.id)).json()).toMatchObject({ examId: mcq.id, answers: pairs(mine), revision: 2 });
    expect((await myExams(pupil)).json()[0]).toMatchObject({ id: mcq.id, hasDraft: true, submitted: false });
    expect((await myExam(pupil, mcq.id)).json()).toMatchObject({ hasDraft: true });

    // A classmate sees their own absence, never my answers; their save is theirs alone.
    const theirs = await getDraft(classmate, mcq.id);
    expectMessage(theirs, 404, SUBMISSION_MESSAGES.noDraft);
    expect((await myExams(classmate)).json()[0]).toMatchObject({ id: mcq.id, hasDraft: false });
    expect((await putDraft(classmate, mcq.id, [pick(questions, 1, 4)], 1)).statusCode).toBe(200);
    expect((await getDraft(classmate, mcq.id)).json().answers).toEqual(pairs([pick(questions, 1, 4)]));
    expect((await getDraft(pupil, mcq.id)).json().answers).toEqual(pairs(mine));
    expectMessage(await getDraft(outsider, mcq.id), 403, NOT_ENROLLED);
    expectMessage(await putDraft(outsider, mcq.id, [], 1), 403, NOT_ENROLLED);
  });

  it('answers a save as the contract says and exactly as the stored draft reads back', async () => {
    // The save's answer is written from the checked request, not read back: it must still be what
    // GET reads from the store, keys the request added to an answer included nowhere.
    const [questionId, optionId] = pick(questions, 3, 0);
    const saved = await t.call('PUT', draftUrl(mcq.id), classmate.headers, {
      answers: [{ questionId, optionId, note: 'not part of an answer' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(mcqDraftSchema.strict().parse(saved.json())).toEqual((await getDraft(classmate, mcq.id)).json());
    expect(saved.body).not.toContain('note');
    expect(saved.json().answers).toEqual([{ questionId, optionId }]);
  });

  it('keeps a newer save against a late retry of an older one', async () => {
    const { exam, questions: qs } = await openMcq({}, [0, 1]);
    const newer = [pick(qs, 0, 0), pick(qs, 1, 1)];
    const older = [pick(qs, 0, 3)];
    expect((await putDraft(pupil, exam.id, newer, 5)).json()).toMatchObject({ answers: pairs(newer), revision: 5 });
    const late = await putDraft(pupil, exam.id, older, 3);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ answers: pairs(newer), revision: 5 });
    expect((await getDraft(pupil, exam.id)).json()).toMatchObject({ answers: pairs(newer), revision: 5 });
    // The same revision again (a retry of that very save) is taken.
    expect((await putDraft(pupil, exam.id, older, 5)).json()).toMatchObject({ answers: pairs(older), revision: 5 });
    // Without a revision a save always wins, and the counter moves on past the stored one.
    expect((await putDraft(pupil, exam.id, [], undefined)).json()).toMatchObject({ answers: [], revision: 6 });
    expect((await putDraft(pupil, exam.id, newer, 4)).json()).toMatchObject({ answers: [], revision: 6 });
    expect(await draftRows(exam.id)).toHaveLength(1);
  });

  it('checks every option as a submission does, and refuses malformed saves without touching the stored one', async () => {
    const { questions: foreign } = await openMcq({}, [0]);
    const stored = [pick(questions, 3, 1)];
    await putDraft(classmate, mcq.id, stored, 10);
    for (const answers of [
      [[(questions[0] as McqQuestion).id, (questions[1] as McqQuestion).options[0]?.id]],
      [pick(foreign, 0, 0)],
      [[(questions[0] as McqQuestion).id, (foreign[0] as McqQuestion).options[0]?.id]],
    ] as Pair[][]) {
      expectMessage(await putDraft(classmate, mcq.id, answers, 11), 400, SUBMISSION_MESSAGES.notYourOption);
    }
    expectMessage(
      await putDraft(classmate, mcq.id, [pick(questions, 0, 2), pick(questions, 0, 1)], 11),
      400,
      ANSWERED_TWICE,
    );
    for (const revision of [-1, 1.5, 2_147_483_648]) {
      expectMessage(await putDraft(classmate, mcq.id, stored, revision), 400, /revision must be a whole number\./);
    }
    const bad = [
      { revision: 1 },
      { answers: 'none' },
      { answers: [{ questionId: 'x', optionId: 1 }] },
      { answers: [], revision: '3' },
    ];
    for (const body of bad) {
      const answer = await t.call('PUT', draftUrl(mcq.id), classmate.headers, body);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    expectMessage(await putDraft(classmate, partTwo.id, [], 1), 400, WRONG_WAY.TRADITIONAL);
    expectMessage(await getDraft(classmate, partTwo.id), 400, WRONG_WAY.TRADITIONAL);
    expectMessage(await putDraft(classmate, 987654, [], 1), 404, 'Exam not found.');
    expectMessage(await getDraft(classmate, 987654), 404, 'Exam not found.');
    expect((await getDraft(classmate, mcq.id)).json()).toMatchObject({ answers: pairs(stored), revision: 10 });
  });

  it('refuses a student not ACTIVE in the course (403) before judging the choices, and writes nothing', async () => {
    expectMessage(await putDraft(outsider, mcq.id, [pick(questions, 0, 0)], 1), 403, NOT_ENROLLED);
    // A wrong choice from a student who may not sit the exam is first of all not theirs to make.
    expectMessage(await putDraft(outsider, mcq.id, [[(questions[0] as McqQuestion).id, 1]], 1), 403, NOT_ENROLLED);
    expect(await draftRows(mcq.id, outsider.id)).toEqual([]);

    // A student whose enrolment is disabled mid-exam keeps the saved draft but cannot change it.
    const leaver = await t.login('ROLE_STUDENT');
    const enrolment = await enrol(t, tutor.headers, courseId, leaver.id);
    expect((await putDraft(leaver, mcq.id, [pick(questions, 0, 0)], 1)).statusCode).toBe(200);
    const disabled = await t.call('PUT', `/api/enrollments/${enrolment}`, tutor.headers, { status: 'DISABLED' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expectMessage(await putDraft(leaver, mcq.id, [pick(questions, 0, 1)], 2), 403, NOT_ENROLLED);
    expect((await draftRows(mcq.id, leaver.id)).map((row) => row.revision)).toEqual([1]);
  });

  it('is closed after the due date (409), unknown while unpublished or once the content is deleted (404)', async () => {
    const { exam: late, questions: lateQs } = await openMcq({ dueDate: PAST }, [0]);
    expectMessage(await putDraft(pupil, late.id, [pick(lateQs, 0, 0)], 1), 409, SUBMISSION_MESSAGES.pastDue);
    expectMessage(await getDraft(pupil, late.id), 404, SUBMISSION_MESSAGES.noDraft);

    const { exam: hidden } = await openMcq({}, [0]);
    await examAction(t, tutor.headers, hidden.id, 'unpublish');
    expectMessage(await putDraft(pupil, hidden.id, [], 1), 404, 'Exam not found.');
    expectMessage(await getDraft(pupil, hidden.id), 404, 'Exam not found.');

    const { exam: withdrawn, questions: gone } = await openMcq({}, [0, 1]);
    expect((await putDraft(pupil, withdrawn.id, [pick(gone, 0, 0)], 1)).statusCode).toBe(200);
    expect((await t.call('DELETE', `${EXAMS}/${withdrawn.id}`, tutor.headers)).statusCode).toBe(200);
    expectMessage(await getDraft(pupil, withdrawn.id), 404, 'Exam not found.');
    expectMessage(await putDraft(pupil, withdrawn.id, [], 2), 404, 'Exam not found.');
    // Nothing is left to mark it against: the sweep drops it and hands nothing in.
    await t.app.submissions.sweepDueDrafts();
    expect(await draftRows(withdrawn.id)).toEqual([]);
    expect(await submissionOf(withdrawn.id, pupil.id)).toBeUndefined();
  });

  it('goes when I submit; after that the sitting is over (409)', async () => {
    const { exam, questions: qs } = await openMcq({}, [0, 1]);
    expect((await putDraft(pupil, exam.id, [pick(qs, 0, 0)], 1)).statusCode).toBe(200);
    const sat = await submitMcq(t, pupil.headers, exam.id, [pick(qs, 0, 0), pick(qs, 1, 1)]);
    expect(sat.statusCode, sat.body).toBe(201);
    expect(sat.json().mcqScore).toBe(50);
    expect(await draftRows(exam.id, pupil.id)).toEqual([]);
    expectMessage(await getDraft(pupil, exam.id), 409, SUBMISSION_MESSAGES.alreadySubmitted);
    expectMessage(await putDraft(pupil, exam.id, [pick(qs, 0, 1)], 2), 409, SUBMISSION_MESSAGES.alreadySubmitted);
    expect(await draftRows(exam.id, pupil.id)).toEqual([]);
    const listed = (await myExams(pupil)).json().find((e: { id: number }) => e.id === exam.id);
    expect(listed).toMatchObject({ submitted: true, submittedAt: sat.json().submittedAt, hasDraft: false });
  });
});

describe('a draft at the due time', () => {
  // Exams due a few seconds from now: drafts are saved while they are open, then the tests wait.
  const OPEN_FOR_MS = 4_000;
  let due: string;
  let readBack: { exam: Exam; questions: McqQuestion[] };
  let swept: { exam: Exam; questions: McqQuestion[] };
  let paused: { exam: Exam; questions: McqQuestion[] };
  let third: Login;
  let fourth: Login;

  beforeAll(async () => {
    third = await t.login('ROLE_STUDENT');
    fourth = await t.login('ROLE_STUDENT');
    for (const student of [third, fourth]) await enrol(t, tutor.headers, courseId, student.id);
    due = new Date(Date.now() + OPEN_FOR_MS).toISOString();
    readBack = await openMcq({ dueDate: due }, [0, 1, 2, 3]);
    swept = await openMcq({ dueDate: due }, [0, 1]);
    paused = await openMcq({ dueDate: due }, [0]);
    const r = readBack.questions;
    // Two of four right: 25. A choice of a question deleted before the due time counts as unanswered.
    const saves: [Login, Exam, Pair[]][] = [
      [pupil, readBack.exam, [pick(r, 0, 0), pick(r, 1, 1), pick(r, 2, 0), pick(r, 3, 0)]],
      [classmate, readBack.exam, [pick(r, 0, 0), pick(r, 1, 1), pick(r, 2, 2)]],
      [third, readBack.exam, [pick(r, 0, 0), pick(r, 1, 1), pick(r, 2, 2), pick(r, 3, 3)]],
      [pupil, paused.exam, [pick(paused.questions, 0, 0)]],
    ];
    for (const [who, exam, answers] of saves) {
      const saved = await putDraft(who, exam.id, answers, 1);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // The classmate's third choice is of a question taken out before the due time.
    const deleted = await t.call(
      'DELETE',
      `${EXAMS}/${readBack.exam.id}/mcq-questions/${(r[2] as McqQuestion).id}`,
      tutor.headers,
    );
    expect(deleted.statusCode).toBe(204);
    await examAction(t, tutor.headers, paused.exam.id, 'unpublish');
    // Nothing is handed in early.
    expect(await t.app.submissions.sweepDueDrafts()).toBe(0);
    expect((await myExams(fourth)).json().find((e: { id: number }) => e.id === readBack.exam.id)).toMatchObject({
      submitted: false,
    });
    const wait = new Date(due).getTime() - Date.now() + 200;
    expect(wait, 'the exams were made too slowly to save drafts before their due time').toBeGreaterThan(200);
    await new Promise((resolve) => setTimeout(resolve, wait));
  });

  it('is handed in, scored and dated at the due time, as soon as I read my exams, the exam or the draft', async () => {
    const listed = (await myExams(pupil)).json().find((e: { id: number }) => e.id === readBack.exam.id);
    expect(listed).toMatchObject({ submitted: true, submittedAt: due, hasDraft: false, questionCount: 3 });
    const one = (await myExam(classmate, readBack.exam.id)).json();
    expect(one).toMatchObject({ submitted: true, submittedAt: due, hasDraft: false });
    expectMessage(await getDraft(third, readBack.exam.id), 409, SUBMISSION_MESSAGES.alreadySubmitted);

    // Three questions remain (the right options 0, 1, 3).
    const r = readBack.questions;
    const expected: [Login, number, Pair[]][] = [
      [pupil, (50 * 2) / 3, [pick(r, 0, 0), pick(r, 1, 1), pick(r, 3, 0)]],
      [classmate, (50 * 2) / 3, [pick(r, 0, 0), pick(r, 1, 1)]],
      [third, 50, [pick(r, 0, 0), pick(r, 1, 1), pick(r, 3, 3)]],
    ];
    for (const [who, score, answers] of expected) {
      const row = await submissionOf(readBack.exam.id, who.id);
      expect(row?.submittedAt.toISOString()).toBe(due);
      expect(row?.mcqScore).toBeCloseTo(score, 10);
      expect(row?.gradedAt).not.toBeNull();
      const stored = await answersOf(row?.id as number);
      expect(stored.sort((a, b) => a.questionId - b.questionId)).toEqual(pairs(answers));
    }
    expect(await draftRows(readBack.exam.id)).toEqual([]);
    // A student who saved nothing has nothing handed in.
    expect(await submissionOf(readBack.exam.id, fourth.id)).toBeUndefined();
    expectMessage(await getDraft(fourth, readBack.exam.id), 404, SUBMISSION_MESSAGES.noDraft);
    // And the sitting stays closed.
    expectMessage(await putDraft(pupil, readBack.exam.id, [], 9), 409, SUBMISSION_MESSAGES.pastDue);
    expectMessage(await submitMcq(t, pupil.headers, readBack.exam.id, []), 409, SUBMISSION_MESSAGES.pastDue);
  });

  it('is handed in by the sweep once, also with two servers sweeping; a blank draft scores 0', async () => {
    // Drafts saved before the due time, written in just now: the server's own 30-second sweep, which
    // may already have run since the due time, cannot have taken them before the two below.
    const s = swept.questions;
    await t.database.db.insert(submissionDrafts).values([
      { examId: swept.exam.id, studentId: third.id, answers: pairs([pick(s, 0, 0), pick(s, 1, 1)]), revision: 3 },
      { examId: swept.exam.id, studentId: fourth.id, answers: [], revision: 1 },
    ]);
    // A second service on the same database stands in for another replica.
    const replica = new SubmissionsService(t.app);
    const [here, there] = await Promise.all([t.app.submissions.sweepDueDrafts(), replica.sweepDueDrafts()]);
    expect(here + there).toBe(2);
    const full = await submissionOf(swept.exam.id, third.id);
    expect(full).toMatchObject({ mcqScore: 50, submittedAt: new Date(due) });
    expect(await answersOf(full?.id as number)).toHaveLength(2);
    const blank = await submissionOf(swept.exam.id, fourth.id);
    expect(blank).toMatchObject({ mcqScore: 0, submittedAt: new Date(due) });
    expect(await answersOf(blank?.id as number)).toEqual([]);
    expect(await draftRows(swept.exam.id)).toEqual([]);
    expect(await t.database.db.select().from(submissions).where(eq(submissions.examId, swept.exam.id))).toHaveLength(2);
    expect(await t.app.submissions.sweepDueDrafts()).toBe(0);
    // The staff list and the student's own score see it as any submission.
    const listed = (await t.call('GET', `${SUBMISSIONS}/exam/${swept.exam.id}`, tutor.headers)).json();
    expect(listed.map((s: { mcqScore: number }) => s.mcqScore).sort()).toEqual([0, 50]);
  });

  it('of an unpublished exam waits, and is handed in when the exam is published again', async () => {
    expect(await t.app.submissions.sweepDueDrafts()).toBe(0);
    expect(await draftRows(paused.exam.id, pupil.id)).toHaveLength(1);
    await examAction(t, tutor.headers, paused.exam.id);
    expect(await t.app.submissions.sweepDueDrafts()).toBe(1);
    expect(await submissionOf(paused.exam.id, pupil.id)).toMatchObject({ mcqScore: 50, submittedAt: new Date(due) });
    expect(await draftRows(paused.exam.id)).toEqual([]);
  });
});
