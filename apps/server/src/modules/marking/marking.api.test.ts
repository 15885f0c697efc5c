import { type Exam, type McqQuestion, SUBMISSION_MESSAGES, type Submission } from '@valence/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, exams, submissions } from '../../db/schema.js';
import { addQuestion, createExam, enrol, examAction, question, uniqueIdentifier } from '../../test/exams.js';
import { expectMessage, type Login, useTestApp } from '../../test/harness.js';
import { SAMPLE } from '../../test/multipart.js';
import { grade, SUBMISSIONS, submitMcq, uploadAnswer } from '../../test/submissions.js';
import { letterGrade } from './marks.js';

const t = useTestApp();
let tutor: Login;
let boss: Login;
let courseId: number;
/** One identifier with a five-question MCQ exam and a PART II exam. */
const identifier = uniqueIdentifier('TERM');
let mcq: Exam;
let partTwo: Exam;
let questions: McqQuestion[];
const pupils: Record<string, Login> = {};
const FUTURE = '2030-12-01T10:00';

/** The option of question `i` that is correct (`right`) or the first wrong one. */
const pick = (i: number, right: boolean): [number, number] => {
  const q = questions[i] as McqQuestion;
  return [q.id, (q.options.find((option) => option.isCorrect === right) as { id: number }).id];
};
const list = (query = '', examId = mcq.id) => t.call('GET', `${SUBMISSIONS}/exam/${examId}${query}`, tutor.headers);
const submissionOf = async (examId: number, studentId: number) =>
  ((await list('', examId)).json() as Submission[]).find((s) => s.studentId === studentId) as Submission;
const summary = (studentId: number, id = identifier) =>
  t.call('GET', `${SUBMISSIONS}/admin/student/${studentId}/marks-summary/${id}`, tutor.headers);
const auditOf = (target: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  boss = await t.login('ROLE_SUPERADMIN', 'owner');
  courseId = (await t.createCourse(tutor.headers, 'Organic chemistry')).id;
  mcq = await createExam(t, tutor.headers, courseId, { examIdentifier: identifier, dueDate: FUTURE });
  questions = [];
  for (let i = 0; i < 5; i++) questions.push(await addQuestion(t, tutor.headers, mcq.id, question(`Q${i + 1}`, i)));
  partTwo = await createExam(t, tutor.headers, courseId, {
    examIdentifier: identifier,
    examType: 'TRADITIONAL',
    title: 'Structured essay',
    dueDate: FUTURE,
  });
  await examAction(t, tutor.headers, mcq.id);
  await examAction(t, tutor.headers, partTwo.id);
  for (const name of ['amara', 'bandula', 'chamari', 'dilan', 'erandi', 'fathima']) {
    pupils[name] = await t.login('ROLE_STUDENT', name);
    await enrol(t, tutor.headers, courseId, (pupils[name] as Login).id);
  }
  const amara = pupils.amara as Login;
  await t.database.db.update(accounts).set({ name: 'Amara Perera' }).where(eq(accounts.id, amara.id));
  // amara: 4 of 5 right (40) and a PART II script; bandula: all wrong; chamari: MCQ only; dilan:
  // PART II only; erandi and fathima: MCQ, in that order (the newest last).
  const answers: Record<string, [number, number][]> = {
    amara: [pick(0, true), pick(1, true), pick(2, true), pick(3, true), pick(4, false)],
    bandula: [0, 1, 2, 3, 4].map((i) => pick(i, false)),
    chamari: [pick(0, true)],
    erandi: [],
    fathima: [pick(1, true), pick(2, true)],
  };
  for (const [name, pairs] of Object.entries(answers)) {
    const answer = await submitMcq(t, (pupils[name] as Login).headers, mcq.id, pairs);
    expect(answer.statusCode, answer.body).toBe(201);
  }
  for (const name of ['amara', 'dilan']) {
    expect((await uploadAnswer(t, (pupils[name] as Login).headers, partTwo.id)).statusCode).toBe(201);
  }
});

describe('GET /api/v1/submissions/exam/{examId}', () => {
  it('lists the exam’s submissions newest first, named by account name else username', async () => {
    const answer = await list();
    expect(answer.statusCode).toBe(200);
    const rows = answer.json() as Submission[];
    expect(rows.map((row) => row.studentName)).toEqual(['fathima', 'erandi', 'chamari', 'bandula', 'Amara Perera']);
    expect(rows.at(-1)).toEqual({
      id: expect.any(Number),
      examId: mcq.id,
      studentId: pupils.amara?.id,
      studentName: 'Amara Perera',
      submittedAt: expect.any(String),
      mcqScore: 40,
      traditionalScore: null,
      instructorFeedback: null,
      gradedAt: expect.any(String),
      submittedAnswerDownloadUrl: null,
      markedPaperPath: null,
      markedPaperDownloadUrl: null,
      // Not changed by staff yet.
      version: 0,
    });
    expect(rows.map((row) => row.mcqScore)).toEqual([20, 0, 10, 0, 40]);
  });

  it('pages and searches in SQL: name, username (any case, contains) or the exact id', async () => {
    const page = (await list('?limit=2&offset=1')).json();
    expect(page).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.items.map((row: Submission) => row.studentName)).toEqual(['erandi', 'chamari']);
    expect((await list('?limit=0')).json()).toEqual({ items: [], total: 5, limit: 0, offset: 0 });
    const names = async (q: string) =>
      (await list(`?limit=6&q=${encodeURIComponent(q)}`)).json().items.map((row: Submission) => row.studentName);
    expect(await names('PERERA')).toEqual(['Amara Perera']);
    expect(await names('BAND')).toEqual(['bandula']);
    expect(await names(String(pupils.chamari?.id))).toEqual(['chamari']);
    expect(await names('%')).toEqual([]);
    expectMessage(await list('', 987654), 404, 'Exam not found.');
    expectMessage(await list('?limit=6', 987654), 404, 'Exam not found.');
    // A page past the end still knows the total, and the first page of a search a count of its own.
    expect((await list('?limit=6&offset=60')).json()).toEqual({ items: [], total: 5, limit: 6, offset: 60 });
    expect((await list('?limit=1&q=AR')).json()).toMatchObject({ total: 2 });
    // Past the end each way of searching counts apart: short, trigram, and an id.
    expect((await list('?limit=6&offset=60&q=AR')).json()).toMatchObject({ items: [], total: 2 });
    expect((await list('?limit=6&offset=60&q=PERERA')).json()).toMatchObject({ items: [], total: 1 });
    expect((await list(`?limit=6&offset=60&q=${pupils.chamari?.id}`)).json()).toMatchObject({ items: [], total: 1 });
    expect(await names('ar')).toEqual(await names('AR'));
  });

  it('counts a one- or two-letter search only to the next hundred past the page, saying more than that', async () => {
    const big = await createExam(t, tutor.headers, courseId, {
      examIdentifier: uniqueIdentifier('BIG'),
      title: 'A big class',
      dueDate: FUTURE,
    });
    // 230 scripts: 205 students named Kamal (matching "ka" and "kamal"), 25 named Nimal.
    const made = await t.database.db
      .insert(accounts)
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          username: `big-${big.id}-${i}`,
          name: i < 205 ? `Kamal ${i}` : `Nimal ${i}`,
          passwordHash: 'x',
          role: 'ROLE_STUDENT' as const,
        })),
      )
      .returning({ id: accounts.id });
    await t.database.db
      .insert(submissions)
      .values(made.map(({ id }) => ({ examId: big.id, studentId: id, mcqScore: 0 })));
    const page = async (query: string) => (await list(query, big.id)).json();
    expect(await page('?limit=6')).toMatchObject({ total: 230 });
    expect(await page('?limit=6')).not.toHaveProperty('totalCapped');
    for (const q of ['ka', 'k']) {
      const first = await page(`?limit=6&q=${q}`);
      expect(first).toMatchObject({ total: 100, totalCapped: true, limit: 6, offset: 0 });
      expect(first.items).toHaveLength(6);
      // The pager's last known page reaches past 100, so the count goes on to the next hundred.
      expect(await page(`?limit=6&offset=96&q=${q}`)).toMatchObject({ total: 200, totalCapped: true });
      // From 200 on every match is counted: 205 exactly.
      const last = await page(`?limit=6&offset=198&q=${q}`);
      expect(last).toMatchObject({ total: 205, offset: 198 });
      expect(last).not.toHaveProperty('totalCapped');
      expect(last.items).toHaveLength(6);
      expect(await page(`?limit=6&offset=600&q=${q}`)).toEqual({ items: [], total: 205, limit: 6, offset: 600 });
      expect(await page(`?limit=0&q=${q}`)).toEqual({ items: [], total: 100, totalCapped: true, limit: 0, offset: 0 });
    }
    // Three letters or more count exactly, as does a short search under the cap, and the whole
    // list (no limit) still sends every match.
    for (const [q, total] of [
      ['kamal', 205],
      ['nimal', 25],
      ['ni', 25],
    ] as const) {
      const first = await page(`?limit=6&q=${q}`);
      expect(first).toMatchObject({ total });
      expect(first).not.toHaveProperty('totalCapped');
    }
    expect(await page('?q=ka')).toHaveLength(205);
  });

  it('links a PART II script under a name telling student and exam', async () => {
    const row = await submissionOf(partTwo.id, pupils.amara?.id as number);
    expect(row.mcqScore).toBeNull();
    expect(row.gradedAt).toBeNull();
    const url = row.submittedAnswerDownloadUrl as string;
    expect(url).toContain(`name=amara_${identifier}_answer.pdf`);
    const file = await t.call('GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SAMPLE.pdf)).toBe(true);
  });
});

describe('POST /api/v1/submissions/{id}/grade', () => {
  it('marks a PART II script 0–100 with two decimals at most, each wrong score in the contract’s words', async () => {
    const id = (await submissionOf(partTwo.id, pupils.dilan?.id as number)).id;
    for (const [score, message] of [
      ['abc', SUBMISSION_MESSAGES.scoreNumber],
      ['-1', SUBMISSION_MESSAGES.scoreNumber],
      ['1e2', SUBMISSION_MESSAGES.scoreNumber],
      ['100.01', SUBMISSION_MESSAGES.scoreRange],
      ['55.555', SUBMISSION_MESSAGES.scoreRange],
    ] as const) {
      expectMessage(await grade(t, tutor.headers, id, { traditionalScore: score }), 400, message);
    }
    for (const score of ['0', '100', '55.25']) {
      const answer = await grade(t, tutor.headers, id, { traditionalScore: score, instructorFeedback: ' Good ' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ traditionalScore: Number(score), instructorFeedback: 'Good' });
      expect(answer.json().gradedAt).toEqual(expect.any(String));
    }
    // An empty score takes the mark back: the script is unmarked again.
    const unmarked = await grade(t, tutor.headers, id, { traditionalScore: '', instructorFeedback: 'Redo Q2' });
    expect(unmarked.json()).toMatchObject({ traditionalScore: null, gradedAt: null, instructorFeedback: 'Redo Q2' });
  });

  it('takes only feedback on an MCQ submission; its score stays the machine’s', async () => {
    const row = await submissionOf(mcq.id, pupils.bandula?.id as number);
    expectMessage(
      await grade(t, tutor.headers, row.id, { traditionalScore: '50' }),
      400,
      SUBMISSION_MESSAGES.scoreOnlyPartTwo,
    );
    const answer = await grade(t, tutor.headers, row.id, { instructorFeedback: 'Revise the halogens.' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      mcqScore: 0,
      traditionalScore: null,
      instructorFeedback: 'Revise the halogens.',
    });
    expect(answer.json().gradedAt).toBe(row.gradedAt);
  });

  it('keeps one marked paper, told by its content; the one it replaces is deleted', async () => {
    const id = (await submissionOf(partTwo.id, pupils.amara?.id as number)).id;
    const refused = await grade(t, tutor.headers, id, {
      traditionalScore: '90',
      markedPaperFile: { bytes: SAMPLE.gif, name: 'marked.pdf' },
    });
    expectMessage(refused, 400, 'The marked paper must be a PDF, Word (.doc, .docx), text (.txt), JPG or PNG file.');
    const first = await grade(t, tutor.headers, id, {
      traditionalScore: '90',
      instructorFeedback: 'Excellent',
      markedPaperFile: { bytes: SAMPLE.pdf, name: 'marked.pdf' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstKey = first.json().markedPaperPath as string;
    expect(firstKey).toMatch(/^marked\/.+-marked\.pdf$/);
    expect(first.json().markedPaperDownloadUrl).toContain(`name=amara_${identifier}_marked.pdf`);
    const second = await grade(t, tutor.headers, id, {
      traditionalScore: '90',
      instructorFeedback: 'Excellent',
      markedPaperFile: { bytes: SAMPLE.text, name: 'notes' },
    });
    expect(second.json().markedPaperPath).toMatch(/^marked\/.+-notes\.txt$/);
    expect(await t.storage.stat(firstKey)).toBeNull();
    // Without a new file, the paper stays.
    const again = await grade(t, tutor.headers, id, { traditionalScore: '90', instructorFeedback: 'Excellent' });
    expect(again.json().markedPaperPath).toBe(second.json().markedPaperPath);
  });

  it('writes every grade to the audit log with who, before and after', async () => {
    const id = (await submissionOf(partTwo.id, pupils.amara?.id as number)).id;
    const rows = await auditOf(`submission:${id}`);
    expect(rows.map((row) => row.action)).toEqual(['submission.grade', 'submission.grade', 'submission.grade']);
    expect(rows[0]).toMatchObject({ actorUsername: 'tutor' });
    expect(rows[0]?.details).toMatchObject({
      examId: partTwo.id,
      studentId: pupils.amara?.id,
      before: { traditionalScore: null, hadFeedback: false },
      after: { traditionalScore: 90, feedbackChanged: true, markedPaperChanged: true },
    });
    expect(rows[2]?.details).toMatchObject({
      before: { traditionalScore: 90, hadFeedback: true },
      after: { traditionalScore: 90, feedbackChanged: false, markedPaperChanged: false },
    });
  });

  it('answers 404 for no submission and 409 once the exam’s content is deleted', async () => {
    expectMessage(await grade(t, tutor.headers, 987654, { instructorFeedback: 'x' }), 404, 'Submission not found.');
    const course = await t.createCourse(tutor.headers, 'Gone');
    const exam = await createExam(t, tutor.headers, course.id, { examType: 'TRADITIONAL', dueDate: FUTURE });
    await examAction(t, tutor.headers, exam.id);
    const student = await t.login('ROLE_STUDENT');
    await enrol(t, tutor.headers, course.id, student.id);
    expect((await uploadAnswer(t, student.headers, exam.id)).statusCode).toBe(201);
    await t.database.db.update(exams).set({ contentDeleted: true }).where(eq(exams.id, exam.id));
    const id = (await submissionOf(exam.id, student.id)).id;
    expectMessage(
      await grade(t, tutor.headers, id, { traditionalScore: '50' }),
      409,
      SUBMISSION_MESSAGES.contentDeleted,
    );
    expectMessage(
      await t.call('POST', `${SUBMISSIONS}/${id}/grade`, tutor.headers, {}),
      400,
      'Send this as multipart/form-data.',
    );
  });
});

describe('GET /api/v1/submissions/{id}/mcq-feedback', () => {
  it('shows each question in order: the student’s option, whether right, the right one', async () => {
    const row = await submissionOf(mcq.id, pupils.fathima?.id as number);
    const answer = await t.call('GET', `${SUBMISSIONS}/${row.id}/mcq-feedback`, tutor.headers);
    expect(answer.statusCode).toBe(200);
    const feedback = answer.json();
    expect(feedback).toMatchObject({ studentName: 'fathima', mcqScore: 20, correctCount: 2, totalQuestions: 5 });
    expect(feedback.questionsFeedback[0]).toEqual({
      questionId: questions[0]?.id,
      questionText: 'Q1',
      questionImagePath: null,
      studentSelectedOptionText: null,
      studentCorrect: false,
      correctOptionText: 'H2',
    });
    expect(feedback.questionsFeedback[1]).toMatchObject({
      questionText: 'Q2',
      studentSelectedOptionText: 'O2',
      studentCorrect: true,
      correctOptionText: 'O2',
    });
    const wrong = (await submissionOf(mcq.id, pupils.bandula?.id as number)).id;
    const bandula = (await t.call('GET', `${SUBMISSIONS}/${wrong}/mcq-feedback`, tutor.headers)).json();
    expect(bandula.questionsFeedback[0]).toMatchObject({ studentSelectedOptionText: 'O2', studentCorrect: false });
  });

  it('answers 404 for no submission and 400 for a PART II one', async () => {
    expectMessage(
      await t.call('GET', `${SUBMISSIONS}/987654/mcq-feedback`, tutor.headers),
      404,
      'Submission not found.',
    );
    const row = await submissionOf(partTwo.id, pupils.amara?.id as number);
    expectMessage(
      await t.call('GET', `${SUBMISSIONS}/${row.id}/mcq-feedback`, tutor.headers),
      400,
      'This submission is not an MCQ submission.',
    );
  });
});

describe('GET /api/v1/submissions/admin/student/{studentId}/marks-summary/{examIdentifier}', () => {
  it('puts MCQ 40 and PART II 90 together as 85, fully graded, grade A', async () => {
    const answer = await summary(pupils.amara?.id as number);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      studentId: pupils.amara?.id,
      studentName: 'Amara Perera',
      examIdentifier: identifier,
      courseTitle: 'Organic chemistry',
      mcqExamId: mcq.id,
      mcqExamTitle: 'Final examination',
      mcqScore: 40,
      mcqSubmissionStatus: 'Graded',
      mcqInstructorFeedback: null,
      mcqSubmittedAt: expect.any(String),
      traditionalExamId: partTwo.id,
      traditionalExamTitle: 'Structured essay',
      traditionalScore: 90,
      traditionalGrade: 'A',
      traditionalSubmissionStatus: 'Graded',
      traditionalInstructorFeedback: 'Excellent',
      traditionalSubmittedAt: expect.any(String),
      traditionalSubmittedAnswerDownloadUrl: expect.stringContaining('_answer.pdf'),
      traditionalMarkedPaperDownloadUrl: expect.stringContaining('_marked.txt'),
      overallExamStatus: 'Fully Graded',
      totalScore: 85,
    });
  });

  it('tells every state: partly marked, pending, nothing submitted', async () => {
    const states = async (name: string) => {
      const body = (await summary(pupils[name]?.id as number)).json();
      return [body.mcqSubmissionStatus, body.traditionalSubmissionStatus, body.overallExamStatus, body.totalScore];
    };
    expect(await states('chamari')).toEqual(['Graded', 'Not Submitted', 'Partially Graded', 10]);
    // dilan's script was unmarked again above.
    expect(await states('dilan')).toEqual(['Not Submitted', 'Submitted', 'Pending', null]);
    const nobody = await t.login('ROLE_STUDENT');
    const body = (await summary(nobody.id)).json();
    expect([body.mcqSubmissionStatus, body.traditionalSubmissionStatus, body.overallExamStatus]).toEqual([
      'Not Submitted',
      'Not Submitted',
      'Not Submitted',
    ]);
  });

  it('leaves a part the identifier does not have as null', async () => {
    const lone = await createExam(t, tutor.headers, courseId, { dueDate: FUTURE });
    const body = (await summary(pupils.amara?.id as number, lone.examIdentifier)).json();
    expect(body).toMatchObject({
      mcqExamId: lone.id,
      mcqSubmissionStatus: 'Not Submitted',
      traditionalExamId: null,
      traditionalSubmissionStatus: null,
      traditionalGrade: null,
      overallExamStatus: 'Not Submitted',
      totalScore: null,
    });
  });

  it('answers 404 for no such student or identifier', async () => {
    expectMessage(await summary(tutor.id), 404, 'Student not found.');
    expectMessage(await summary(987654), 404, 'Student not found.');
    expectMessage(await summary(pupils.amara?.id as number, 'NOPE_1'), 404, 'No exam with that identifier.');
  });

  it('gives the Sri Lankan A/L letters', () => {
    const letters = [100, 75, 74.99, 65, 64.99, 50, 49.99, 35, 34.99, 0].map(letterGrade);
    expect(letters).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'S', 'S', 'F', 'F']);
    expect(letterGrade(null)).toBeNull();
  });
});

describe('GET /api/v1/exams/student/{studentId}/score-summary', () => {
  const rowsOf = (studentId: number, who = tutor) =>
    t.call('GET', `/api/api/v1/exams/student/${studentId}/score-summary`, who.headers);

  it('gives one row per identifier, the latest first, with unpublished marks for staff', async () => {
    const other = await createExam(t, tutor.headers, courseId, { dueDate: FUTURE });
    await addQuestion(t, tutor.headers, other.id, question('Only one', 2));
    await examAction(t, tutor.headers, other.id);
    const amara = pupils.amara as Login;
    expect((await submitMcq(t, amara.headers, other.id, [])).statusCode).toBe(201);
    const answer = await rowsOf(amara.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      {
        examIdentifier: other.examIdentifier,
        courseTitle: 'Organic chemistry',
        mcqScore: 0,
        traditionalScore: null,
        combinedTotalScore: 0,
      },
      {
        examIdentifier: identifier,
        courseTitle: 'Organic chemistry',
        mcqScore: 40,
        traditionalScore: 90,
        combinedTotalScore: 85,
      },
    ]);
    // The student sees their own, only what is published: PART II marks are not yet.
    expect((await rowsOf(amara.id, amara)).json()[1]).toEqual({
      examIdentifier: identifier,
      courseTitle: 'Organic chemistry',
      mcqScore: 40,
      traditionalScore: null,
      combinedTotalScore: 40,
    });
    expectMessage(await rowsOf(pupils.bandula?.id as number, amara), 403, 'You may only see your own scores.');
    expectMessage(await rowsOf(987654), 404, 'Student not found.');
    // A staff account has no scores either, and is no student.
    expectMessage(await rowsOf(tutor.id), 404, 'Student not found.');
  });
});

describe('deleting a student with marks', () => {
  it('removes their scripts and marked papers once the delete commits', async () => {
    const amara = pupils.amara as Login;
    const row = await submissionOf(partTwo.id, amara.id);
    const keys = [row.markedPaperPath as string];
    const [stored] = await t.database.db
      .select({ key: submissions.answerKey })
      .from(submissions)
      .where(and(eq(submissions.id, row.id)));
    keys.push(stored?.key as string);
    for (const key of keys) expect(await t.storage.stat(key)).not.toBeNull();
    expect((await t.call('DELETE', `/api/students/${amara.id}`, boss.headers)).statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/students/${amara.id}?confirmMarks=true`, boss.headers)).statusCode).toBe(204);
    for (const key of keys) expect(await t.storage.stat(key)).toBeNull();
    expect((await list()).json().map((s: Submission) => s.studentId)).not.toContain(amara.id);
  });
});
