import { EXAM_MESSAGES, type Exam, type ExamOverride, OVERRIDE_MESSAGES } from '@valence/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { addQuestion, createExam, EXAMS, enrol, examAction, examDto, postExam } from '../../test/exams.js';
import { expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { studentTiming } from '../submissions/reads-student-exams.js';

/** The app's clock, moved by the tests; the platform zone is Asia/Colombo (+05:30). */
const now = new Date('2026-11-01T00:00:00Z');
const t = useTestApp({ clock: () => now });

/** The student's window (override over the exam's own) as the hand-in rules read it. */
async function windowOf(examId: number, studentId: number) {
  const timing = await studentTiming(t.database.db, examId, studentId);
  if (!timing) throw new Error(`No exam ${examId}`);
  const { opensAt, dueDate, extraMinutes } = timing;
  return { opensAt, dueDate, extraMinutes };
}

let tutor: Login;
let boss: Login;
let pupil: Login;
let other: Login;
let courseId: number;
let otherCourseId: number;

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  boss = await t.login('ROLE_SUPERADMIN', 'boss');
  pupil = await t.login('ROLE_STUDENT', 'nimali');
  other = await t.login('ROLE_STUDENT', 'kasun');
  courseId = (await t.createCourse(tutor.headers, 'Chemistry')).id;
  otherCourseId = (await t.createCourse(tutor.headers, 'Physics')).id;
  await enrol(t, tutor.headers, courseId, pupil.id);
  await enrol(t, tutor.headers, otherCourseId, other.id);
});

const patch = (id: number, body: object, who: Login = tutor) => t.call('PATCH', `${EXAMS}/${id}`, who.headers, body);
const edit = async (id: number, body: object, who: Login = tutor) =>
  expectStatus<Exam>(await patch(id, body, who), 200);
/** A fresh MCQ exam due 2026-12-01 10:00 Colombo, with `questions` questions. */
async function mcqExam(questions = 0, overrides: Record<string, unknown> = {}) {
  const exam = await createExam(t, tutor.headers, courseId, { dueDate: '2026-12-01T10:00', ...overrides });
  for (let i = 0; i < questions; i++) await addQuestion(t, tutor.headers, exam.id);
  return exam;
}
const auditOf = (examId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `exam:${examId}`), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

describe('POST /api/v1/exams with sitting settings', () => {
  it('stores every setting given, reading local date-times in the platform zone', async () => {
    const exam = await mcqExam(0, {
      opensAt: '2026-12-01T09:00',
      dueDate: '2026-12-01T11:00',
      timeLimitMinutes: 120,
      shuffleQuestions: true,
      shuffleOptions: true,
      questionsPerStudent: 2,
      reviewAfter: 'after-close',
    });
    expect(exam).toMatchObject({
      opensAt: '2026-12-01T03:30:00.000Z',
      dueDate: '2026-12-01T05:30:00.000Z',
      timeLimitMinutes: 120,
      shuffleQuestions: true,
      shuffleOptions: true,
      questionsPerStudent: 2,
      reviewAfter: 'after-close',
    });
  });

  it('refuses a past due date unless allowPastDueDate says so', async () => {
    const past = examDto(courseId, { dueDate: '2026-10-01T10:00', allowPastDueDate: undefined });
    expectMessage(await postExam(t, tutor.headers, past), 400, EXAM_MESSAGES.pastDue);
    expect((await postExam(t, tutor.headers, { ...past, allowPastDueDate: false })).statusCode).toBe(400);
    expect((await postExam(t, tutor.headers, { ...past, allowPastDueDate: true })).statusCode).toBe(201);
    const future = examDto(courseId, { dueDate: '2026-12-01T10:00', allowPastDueDate: undefined });
    expect((await postExam(t, tutor.headers, future)).statusCode).toBe(201);
  });

  it('refuses an opening at or after the due date, and MCQ-only settings on a PART II exam', async () => {
    const late = examDto(courseId, { opensAt: '2026-12-01T10:00', dueDate: '2026-12-01T10:00' });
    expectMessage(await postExam(t, tutor.headers, late), 400, EXAM_MESSAGES.opensBeforeDue);
    const partTwo = examDto(courseId, { examType: 'TRADITIONAL', shuffleQuestions: true });
    const paper = { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'p.pdf' };
    expectMessage(await postExam(t, tutor.headers, partTwo, paper), 400, EXAM_MESSAGES.mcqOnly);
    expectMessage(
      await postExam(t, tutor.headers, examDto(courseId, { timeLimitMinutes: 601 })),
      400,
      EXAM_MESSAGES.timeLimit,
    );
  });

  it('will not publish an exam drawing more questions per student than its paper holds', async () => {
    const exam = await mcqExam(2, { questionsPerStudent: 3 });
    expectMessage(
      await t.call('POST', `${EXAMS}/${exam.id}/publish`, tutor.headers),
      409,
      'Questions per student (3) cannot be more than the 2 question(s) on this paper.',
    );
    await addQuestion(t, tutor.headers, exam.id);
    expect((await examAction(t, tutor.headers, exam.id)).published).toBe(true);
  });
});

describe('PATCH /api/v1/exams/{examId}', () => {
  it('changes each field given and keeps the others', async () => {
    const exam = await mcqExam(3);
    const changes: [object, Partial<Exam>][] = [
      [{ title: '  Paper I (revised) ' }, { title: 'Paper I (revised)' }],
      [{ description: '50 questions, 2 hours' }, { description: '50 questions, 2 hours' }],
      [{ dueDate: '2026-12-02T11:00' }, { dueDate: '2026-12-02T05:30:00.000Z' }],
      [{ opensAt: '2026-12-02T09:00+05:30' }, { opensAt: '2026-12-02T03:30:00.000Z' }],
      [{ timeLimitMinutes: 120 }, { timeLimitMinutes: 120 }],
      [{ shuffleQuestions: true }, { shuffleQuestions: true }],
      [{ shuffleOptions: true }, { shuffleOptions: true }],
      [{ questionsPerStudent: 3 }, { questionsPerStudent: 3 }],
      [{ reviewAfter: 'never' }, { reviewAfter: 'never' }],
    ];
    let expected: Exam = { ...exam, questionCount: 3 };
    for (const [body, effect] of changes) {
      expected = { ...expected, ...effect };
      expect(await edit(exam.id, body)).toEqual(expected);
    }
    expect(await expectStatus(await t.call('GET', `${EXAMS}/${exam.id}`, tutor.headers), 200)).toMatchObject(expected);
    // null clears a setting.
    const cleared = await edit(exam.id, { opensAt: null, timeLimitMinutes: null, questionsPerStudent: null });
    expect(cleared).toMatchObject({ opensAt: null, timeLimitMinutes: null, questionsPerStudent: null });
    // The course's list shows the new settings too.
    const list = await expectStatus<Exam[]>(await t.call('GET', `${EXAMS}/course/${courseId}/all`, tutor.headers), 200);
    expect(list.find((row) => row.id === exam.id)).toMatchObject({ title: 'Paper I (revised)', reviewAfter: 'never' });
  });

  it("answers each wrong field with the creation form's sentence", async () => {
    const exam = await mcqExam(2);
    const cases: [object, string][] = [
      [{ title: '   ' }, EXAM_MESSAGES.required],
      [{ description: '' }, EXAM_MESSAGES.required],
      [{ dueDate: '' }, EXAM_MESSAGES.required],
      [{ dueDate: '01/12/2026 10:00' }, EXAM_MESSAGES.date],
      [{ timeLimitMinutes: 0 }, EXAM_MESSAGES.timeLimit],
      [{ timeLimitMinutes: 601 }, EXAM_MESSAGES.timeLimit],
      [{ timeLimitMinutes: 1.5 }, EXAM_MESSAGES.timeLimit],
      [{ timeLimitMinutes: '60' }, EXAM_MESSAGES.timeLimit],
      [{ questionsPerStudent: 0 }, EXAM_MESSAGES.questionsPerStudent],
      [{ questionsPerStudent: 3 }, 'Questions per student (3) cannot be more than the 2 question(s) on this paper.'],
      [{ reviewAfter: 'sometimes' }, EXAM_MESSAGES.reviewAfter],
      [{ shuffleQuestions: 'yes' }, EXAM_MESSAGES.flag('shuffleQuestions')],
      [{ opensAt: '2026-12-01T10:00' }, EXAM_MESSAGES.opensBeforeDue],
      [{ opensAt: '2026-12-01T08:00', dueDate: '2026-12-01T07:00' }, EXAM_MESSAGES.opensBeforeDue],
      [{ examType: 'TRADITIONAL' }, 'examType cannot be changed once the exam exists.'],
      [{ examIdentifier: 'OTHER' }, 'examIdentifier cannot be changed once the exam exists.'],
    ];
    for (const [body, message] of cases) expectMessage(await patch(exam.id, body), 400, message);
    // Nothing was changed by the refusals.
    expect(await expectStatus(await t.call('GET', `${EXAMS}/${exam.id}`, tutor.headers), 200)).toMatchObject({
      title: exam.title,
      dueDate: exam.dueDate,
      opensAt: null,
      questionsPerStudent: null,
    });
  });

  it('refuses shuffling on a PART II exam, and edits of an unknown or emptied exam', async () => {
    const partTwo = await createExam(t, tutor.headers, courseId, {
      examType: 'TRADITIONAL',
      dueDate: '2026-12-01T10:00',
    });
    expectMessage(await patch(partTwo.id, { shuffleOptions: true }), 400, EXAM_MESSAGES.mcqOnly);
    expectMessage(await patch(partTwo.id, { questionsPerStudent: 1 }), 400, EXAM_MESSAGES.mcqOnly);
    expect((await edit(partTwo.id, { timeLimitMinutes: 180 })).timeLimitMinutes).toBe(180);
    expectMessage(await patch(987654, { title: 'x' }), 404, 'Exam not found.');
    const emptied = await mcqExam();
    await t.call('DELETE', `${EXAMS}/${emptied.id}`, tutor.headers);
    expectMessage(await patch(emptied.id, { title: 'Again' }), 409, EXAM_MESSAGES.contentDeleted);
  });

  it('refuses moving the due date into the past unless allowPastDueDate, and reopens a closed exam when extended', async () => {
    const exam = await mcqExam(1);
    expectMessage(await patch(exam.id, { dueDate: '2026-10-01T10:00' }), 400, EXAM_MESSAGES.pastDue);
    const closed = await edit(exam.id, { dueDate: '2026-10-01T10:00', allowPastDueDate: true });
    expect(closed.dueDate).toBe('2026-10-01T04:30:00.000Z');
    // Other fields of an exam already past its due date can still change without the flag.
    expect((await edit(exam.id, { title: 'Closed paper' })).title).toBe('Closed paper');
    // The student's window follows the stored date at once: nothing keeps the old one.
    expect((await windowOf(exam.id, pupil.id)).dueDate.toISOString()).toBe('2026-10-01T04:30:00.000Z');
    await edit(exam.id, { dueDate: '2026-12-03T10:00' });
    expect((await windowOf(exam.id, pupil.id)).dueDate.toISOString()).toBe('2026-12-03T04:30:00.000Z');
  });

  it('writes an audit row with each changed field before and after, and none for an edit that changes nothing', async () => {
    const exam = await mcqExam(1);
    await edit(exam.id, { title: 'Paper I', dueDate: '2026-12-05T10:00', timeLimitMinutes: 90, shuffleOptions: false });
    const [row, ...more] = await auditOf(exam.id, 'exam.update');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ actorId: tutor.id, actorUsername: 'tutor' });
    expect(row?.details).toMatchObject({
      title: 'Final examination',
      examIdentifier: exam.examIdentifier,
      before: { title: 'Final examination', dueDate: '2026-12-01T04:30:00.000Z', timeLimitMinutes: null },
      after: { title: 'Paper I', dueDate: '2026-12-05T04:30:00.000Z', timeLimitMinutes: 90 },
    });
    // shuffleOptions was already false: not a change.
    expect(Object.keys((row?.details as { after: object } | undefined)?.after ?? {}).sort()).toEqual([
      'dueDate',
      'timeLimitMinutes',
      'title',
    ]);
    await edit(exam.id, { title: 'Paper I', timeLimitMinutes: 90 });
    expect(await auditOf(exam.id, 'exam.update')).toHaveLength(1);
  });

  it('is for staff: an admin and a superadmin may edit, a student may not', async () => {
    const exam = await mcqExam();
    expect((await edit(exam.id, { title: 'By the superadmin' }, boss)).title).toBe('By the superadmin');
    expect((await patch(exam.id, { title: 'By a student' }, pupil)).statusCode).toBe(403);
    expect((await t.call('PATCH', `${EXAMS}/${exam.id}`, {}, { title: 'Anyone' })).statusCode).toBe(401);
  });
});

describe('per-student overrides', () => {
  const url = (examId: number, studentId?: number) =>
    `${EXAMS}/${examId}/overrides${studentId === undefined ? '' : `/${studentId}`}`;
  const put = (examId: number, studentId: number, body: object, who: Login = tutor) =>
    t.call('PUT', url(examId, studentId), who.headers, body);

  it('sets, replaces, lists and removes a student override, each audited', async () => {
    const exam = await mcqExam(1, { timeLimitMinutes: 120 });
    const given = expectStatus<ExamOverride>(await put(exam.id, pupil.id, { extraMinutes: 30 }), 200);
    expect(given).toEqual({
      studentId: pupil.id,
      username: 'nimali',
      name: '',
      extraMinutes: 30,
      opensAt: null,
      dueDate: null,
    });
    expect(await windowOf(exam.id, pupil.id)).toEqual({
      opensAt: null,
      dueDate: new Date('2026-12-01T04:30:00.000Z'),
      extraMinutes: 30,
    });

    // PUT replaces the override whole: the extra time not given again is cleared.
    const moved = expectStatus<ExamOverride>(
      await put(exam.id, pupil.id, { opensAt: '2026-12-02T09:00', dueDate: '2026-12-02T11:00' }),
      200,
    );
    expect(moved).toMatchObject({
      extraMinutes: null,
      opensAt: '2026-12-02T03:30:00.000Z',
      dueDate: '2026-12-02T05:30:00.000Z',
    });
    expect(await windowOf(exam.id, pupil.id)).toEqual({
      opensAt: new Date('2026-12-02T03:30:00.000Z'),
      dueDate: new Date('2026-12-02T05:30:00.000Z'),
      extraMinutes: 0,
    });
    expect(expectStatus(await t.call('GET', url(exam.id), tutor.headers), 200)).toEqual({ items: [moved] });

    expect((await t.call('DELETE', url(exam.id, pupil.id), tutor.headers)).statusCode).toBe(204);
    expectMessage(await t.call('DELETE', url(exam.id, pupil.id), tutor.headers), 404, OVERRIDE_MESSAGES.notFound);
    expect(expectStatus(await t.call('GET', url(exam.id), tutor.headers), 200)).toEqual({ items: [] });
    expect(await windowOf(exam.id, pupil.id)).toEqual({
      opensAt: null,
      dueDate: new Date('2026-12-01T04:30:00.000Z'),
      extraMinutes: 0,
    });

    const puts = await auditOf(exam.id, 'exam.override');
    expect(puts.map((row) => row.details)).toEqual([
      expect.objectContaining({
        studentId: pupil.id,
        username: 'nimali',
        before: null,
        after: { extraMinutes: 30, opensAt: null, dueDate: null },
      }),
      expect.objectContaining({
        before: { extraMinutes: 30, opensAt: null, dueDate: null },
        after: { extraMinutes: null, opensAt: '2026-12-02T03:30:00.000Z', dueDate: '2026-12-02T05:30:00.000Z' },
      }),
    ]);
    const [removed] = await auditOf(exam.id, 'exam.override.delete');
    expect(removed?.details).toMatchObject({
      studentId: pupil.id,
      before: { extraMinutes: null, opensAt: '2026-12-02T03:30:00.000Z', dueDate: '2026-12-02T05:30:00.000Z' },
    });
  });

  it('refuses an empty or wrong override, a student not in the course, and an unknown exam', async () => {
    const exam = await mcqExam();
    expectMessage(await put(exam.id, pupil.id, {}), 400, OVERRIDE_MESSAGES.empty);
    expectMessage(await put(exam.id, pupil.id, { extraMinutes: null }), 400, OVERRIDE_MESSAGES.empty);
    expectMessage(await put(exam.id, pupil.id, { extraMinutes: 0 }), 400, OVERRIDE_MESSAGES.extraMinutes);
    expectMessage(await put(exam.id, pupil.id, { extraMinutes: 601 }), 400, OVERRIDE_MESSAGES.extraMinutes);
    expectMessage(await put(exam.id, pupil.id, { opensAt: '2026-12-01T12:00' }), 400, EXAM_MESSAGES.opensBeforeDue);
    expectMessage(await put(exam.id, other.id, { extraMinutes: 10 }), 400, OVERRIDE_MESSAGES.notEnrolled);
    expectMessage(await put(exam.id, tutor.id, { extraMinutes: 10 }), 404, OVERRIDE_MESSAGES.studentNotFound);
    expectMessage(await put(exam.id, 987654, { extraMinutes: 10 }), 404, OVERRIDE_MESSAGES.studentNotFound);
    expectMessage(await put(987654, pupil.id, { extraMinutes: 10 }), 404, 'Exam not found.');
    expectMessage(await t.call('GET', url(987654), tutor.headers), 404, 'Exam not found.');
    // A disabled enrolment is no enrolment for sitting the exam.
    const paused = await t.login('ROLE_STUDENT', 'paused');
    await enrol(t, tutor.headers, courseId, paused.id, 'DISABLED');
    expectMessage(await put(exam.id, paused.id, { extraMinutes: 10 }), 400, OVERRIDE_MESSAGES.notEnrolled);
    expect(expectStatus(await t.call('GET', url(exam.id), tutor.headers), 200)).toEqual({ items: [] });
    expect(await auditOf(exam.id, 'exam.override')).toEqual([]);
  });

  it('is for staff', async () => {
    const exam = await mcqExam();
    expect((await put(exam.id, pupil.id, { extraMinutes: 15 }, boss)).statusCode).toBe(200);
    expect((await put(exam.id, pupil.id, { extraMinutes: 60 }, pupil)).statusCode).toBe(403);
    expect((await t.call('GET', url(exam.id), pupil.headers)).statusCode).toBe(403);
    expect((await t.call('DELETE', url(exam.id, pupil.id), pupil.headers)).statusCode).toBe(403);
  });
});
