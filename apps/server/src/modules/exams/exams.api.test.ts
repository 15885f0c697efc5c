import { EXAM_MESSAGES, type Exam } from '@valence/contract';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, exams, mcqQuestions } from '../../db/schema.js';
import { addQuestion, createExam, EXAMS, examDto, postExam, question } from '../../test/exams.js';
import { expectMessage, type Login, useTestApp } from '../../test/harness.js';
import { multipartBody, SAMPLE, sendForm } from '../../test/multipart.js';
import { insertSubmission } from '../../test/submissions.js';

const t = useTestApp();
let tutor: Login;
let courseId: number;
beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN');
  courseId = (await t.createCourse(tutor.headers, 'CHEM 101', 'Chemistry')).id;
});

const paperKey = async (id: number) =>
  (await t.database.db.select({ key: exams.paperKey }).from(exams).where(eq(exams.id, id)))[0]?.key ?? null;
/** Fetches a signed link through the app, as a browser would. */
const download = (url: string) => t.app.inject({ method: 'GET', url });
const post = (dto: unknown, paper?: Parameters<typeof postExam>[3]) => postExam(t, tutor.headers, dto, paper);
const pdf = { bytes: SAMPLE.pdf, name: 'paper.pdf', type: 'application/pdf' };

describe('POST /api/v1/exams', () => {
  it('creates an MCQ exam, reading a local due date in the platform time zone', async () => {
    const dto = examDto(courseId, { dueDate: '2026-12-01T10:00' });
    const answer = await post(dto);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({
      id: expect.any(Number),
      courseId,
      courseTitle: 'CHEM 101',
      title: 'Final examination',
      description: 'Paper I: 50 questions',
      dueDate: '2026-12-01T04:30:00.000Z',
      examType: 'MCQ',
      examIdentifier: dto.examIdentifier,
      published: false,
      gradesPublished: false,
      contentDeleted: false,
      examPaperUrl: null,
      questionCount: 0,
      submissionCount: 0,
      unmarkedCount: 0,
      markScheme: [],
      // None of the sitting settings given: open from publication to the due date, as before they existed.
      opensAt: null,
      timeLimitMinutes: null,
      shuffleQuestions: false,
      shuffleOptions: false,
      questionsPerStudent: null,
      reviewAfter: 'with-marks',
    });
  });

  it('stores a PART II paper and serves it through a signed link, typed by its content', async () => {
    const exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL' });
    expect(exam.examPaperUrl).toMatch(/^\/api\/files\/exams\/[0-9a-f-]{36}-paper\.pdf\?/);
    const file = await download(exam.examPaperUrl ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(SAMPLE.pdf)).toBe(true);
    expect((await t.call('GET', `${EXAMS}/${exam.id}`, tutor.headers)).json().examPaperUrl).toMatch(/paper\.pdf\?/);
  });

  it("answers every missing or wrong field with the contract's sentence", async () => {
    const paper = { examType: 'TRADITIONAL' };
    expectMessage(await post(examDto(courseId, { courseId: undefined })), 400, EXAM_MESSAGES.course);
    expectMessage(await post(examDto(courseId, { courseId: '' })), 400, EXAM_MESSAGES.course);
    expectMessage(await post(examDto(987654)), 404, 'Course not found.');
    expectMessage(await post(examDto(courseId, { examIdentifier: ' ' })), 400, EXAM_MESSAGES.identifier);
    expectMessage(await post(examDto(courseId, { examIdentifier: 'CHEM 101' })), 400, EXAM_MESSAGES.identifierShape);
    expectMessage(await post(examDto(courseId, paper)), 400, EXAM_MESSAGES.paper);
    expectMessage(await post(examDto(courseId, paper), null), 400, EXAM_MESSAGES.paper);
    expectMessage(await post(examDto(courseId, { title: '  ' })), 400, EXAM_MESSAGES.required);
    expectMessage(await post(examDto(courseId, { description: undefined })), 400, EXAM_MESSAGES.required);
    expectMessage(await post(examDto(courseId, { dueDate: '' })), 400, EXAM_MESSAGES.required);
    expectMessage(await post(examDto(courseId, { dueDate: '01/12/2026 10:00' })), 400, EXAM_MESSAGES.date);
    expectMessage(
      await post(examDto(courseId, { examType: 'ORAL' })),
      400,
      'The exam type must be MCQ or TRADITIONAL.',
    );
    expectMessage(await post('{"courseId": 1,'), 400, 'examDTO must be JSON.');
    expectMessage(await post('[1]'), 400, 'examDTO must be a JSON object.');
    expectMessage(
      await t.call('POST', EXAMS, tutor.headers, examDto(courseId)),
      400,
      'Send this as multipart/form-data.',
    );
  });

  it('refuses a paper for an MCQ exam and keeps no file of a refused exam', async () => {
    const before = await storedPapers();
    expectMessage(await post(examDto(courseId), pdf), 400, 'Only PART II exams take a paper file.');
    expectMessage(await post(examDto(987654, { examType: 'TRADITIONAL' }), pdf), 404, 'Course not found.');
    expect(await storedPapers()).toEqual(before);
  });

  it('tells the paper kind by its first bytes, not its name', async () => {
    const kinds = 'The exam paper must be a PDF, Word (.doc, .docx), JPG or PNG file.';
    const traditional = () => examDto(courseId, { examType: 'TRADITIONAL' });
    expectMessage(await post(traditional(), { bytes: SAMPLE.text, name: 'paper.pdf' }), 400, kinds);
    expectMessage(await post(traditional(), { bytes: SAMPLE.gif, name: 'paper.png' }), 400, kinds);
    expectMessage(await post(traditional(), { bytes: SAMPLE.docx, name: 'paper.zip' }), 400, kinds);
    const disguised = await post(traditional(), { bytes: SAMPLE.pdf, name: 'scan.png', type: 'image/png' });
    expect(disguised.statusCode, disguised.body).toBe(201);
    expect(disguised.json().examPaperUrl).toMatch(/-scan\.pdf\?/);
    for (const [bytes, name] of [
      [SAMPLE.docx, 'paper.docx'],
      [SAMPLE.doc, 'paper.doc'],
      [SAMPLE.jpg, 'paper.jpeg'],
      [SAMPLE.png, 'paper.png'],
    ] as const) {
      const answer = await post(traditional(), { bytes, name });
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(201);
    }
  });

  it('refuses a paper over 50 MB with 413, leaving nothing stored', async () => {
    const before = await storedPapers();
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
    SAMPLE.pdf.copy(big);
    const answer = await post(examDto(courseId, { examType: 'TRADITIONAL' }), { bytes: big, name: 'big.pdf' });
    expectMessage(answer, 413, 'The exam paper is larger than 50 MB.');
    expect(await storedPapers()).toEqual(before);
  });

  it('keeps one live exam per identifier and type in a course, and an identifier to one course', async () => {
    const examIdentifier = 'CHEM101_FINAL';
    const mcq = await createExam(t, tutor.headers, courseId, { examIdentifier });
    await createExam(t, tutor.headers, courseId, { examIdentifier, examType: 'TRADITIONAL' });
    const again = (type: string, course = courseId) =>
      post(examDto(course, { examIdentifier, examType: type }), type === 'TRADITIONAL' ? pdf : undefined);
    const mcqTaken = 'This course already has an MCQ exam with the identifier CHEM101_FINAL.';
    expectMessage(await again('MCQ'), 409, mcqTaken);
    expectMessage(
      await again('TRADITIONAL'),
      409,
      'This course already has a PART II exam with the identifier CHEM101_FINAL.',
    );
    const other = await t.createCourse(tutor.headers, 'CHEM 102', 'More chemistry');
    const elsewhere = 'The Exam Identifier CHEM101_FINAL is already used in the course "CHEM 101".';
    expectMessage(await again('MCQ', other.id), 409, elsewhere);

    // Once its content is deleted, the identifier may be used again.
    expect((await t.call('DELETE', `${EXAMS}/${mcq.id}`, tutor.headers)).statusCode).toBe(200);
    const reused = await again('MCQ');
    expect(reused.statusCode, reused.body).toBe(201);
    expect(reused.json().examIdentifier).toBe(examIdentifier);
  });
});

describe('GET /api/v1/exams/course/:courseId/all', () => {
  let course: number;
  const made: Record<string, Exam> = {};
  beforeAll(async () => {
    course = (await t.createCourse(tutor.headers, 'Listing', 'Groups')).id;
    const specs: [string, string, string, string][] = [
      ['a-mcq', 'LIST_A', 'MCQ', 'Term test Paper I'],
      ['b-mcq', 'LIST_B', 'MCQ', 'Mock Paper I'],
      ['a-two', 'LIST_A', 'TRADITIONAL', 'Term test Paper II'],
      ['c-two', 'LIST_C', 'TRADITIONAL', 'Essay 100%_done'],
    ];
    for (const [name, examIdentifier, examType, title] of specs) {
      made[name] = await createExam(t, tutor.headers, course, { examIdentifier, examType, title });
    }
  });
  const list = (query = '', c = course) => t.call('GET', `${EXAMS}/course/${c}/all${query}`, tutor.headers);
  const ids = (items: Exam[]) => items.map((exam) => exam.id);
  const id = (name: string) => made[name]?.id;

  it('answers every exam of the course, newest first, without limit', async () => {
    const answer = await list();
    expect(answer.statusCode).toBe(200);
    expect(ids(answer.json())).toEqual([id('c-two'), id('a-two'), id('b-mcq'), id('a-mcq')]);
    expect(answer.json()[0]).toMatchObject({ courseTitle: 'Listing', questionCount: 0, submissionCount: 0 });
    expect(ids((await list('?q=PAPER%20ii')).json())).toEqual([id('a-two')]);
    // % and _ are taken literally.
    expect(ids((await list('?q=0%25_D')).json())).toEqual([id('c-two')]);
    expect((await list('?q=%25%25')).json()).toEqual([]);
    expect((await list('?q=t_st')).json()).toEqual([]);
  });

  it('pages identifier groups, the group with the newest exam first, with every exam of each group', async () => {
    const first = await list('?limit=2&offset=0');
    expect(first.json()).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(ids(first.json().items)).toEqual([id('c-two'), id('a-two'), id('a-mcq')]);
    expect(ids((await list('?limit=2&offset=2')).json().items)).toEqual([id('b-mcq')]);
    const search = await list('?limit=6&q=paper%20ii');
    expect(search.json()).toMatchObject({ total: 1 });
    expect(ids(search.json().items)).toEqual([id('a-two'), id('a-mcq')]);
    // Two letters are searched another way (no trigram index to use).
    const short = (await list('?limit=6&q=Ii')).json();
    expect(short).toMatchObject({ total: 1 });
    expect(ids(short.items)).toEqual([id('a-two'), id('a-mcq')]);
    expect((await list('?limit=0')).json()).toEqual({ items: [], total: 3, limit: 0, offset: 0 });
  });

  it("carries each exam's question count in a page of groups, as in the whole list", async () => {
    await addQuestion(t, tutor.headers, id('a-mcq') as number);
    await addQuestion(t, tutor.headers, id('a-mcq') as number, question('Second?'));
    const counts = (items: Exam[]) => Object.fromEntries(items.map((exam) => [exam.id, exam.questionCount]));
    const page = (await list('?limit=6')).json();
    expect(counts(page.items)).toEqual({
      [id('c-two') as number]: 0,
      [id('a-two') as number]: 0,
      [id('a-mcq') as number]: 2,
      [id('b-mcq') as number]: 0,
    });
    expect(counts((await list()).json())).toEqual(counts(page.items));
  });

  it('lists content-deleted exams too, and answers 404 for an unknown course', async () => {
    await t.call('DELETE', `${EXAMS}/${id('b-mcq')}`, tutor.headers);
    const listed = (await list()).json().find((exam: Exam) => exam.id === id('b-mcq'));
    expect(listed).toMatchObject({ contentDeleted: true, published: false });
    expectMessage(await list('', 987654), 404, 'Course not found.');
    expectMessage(await list('?limit=6', 987654), 404, 'Course not found.');
  });
});

describe('submissions and marks', () => {
  it('publishes marks only for a published PART II exam, counting unmarked scripts', async () => {
    const exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL' });
    const mcq = await createExam(t, tutor.headers, courseId);
    const action = (examId: number, name: string) => t.call('POST', `${EXAMS}/${examId}/${name}`, tutor.headers);
    expectMessage(await action(exam.id, 'publish-grades'), 409, EXAM_MESSAGES.gradesGate);
    expectMessage(await action(mcq.id, 'publish-grades'), 409, EXAM_MESSAGES.gradesGate);
    expect((await action(exam.id, 'publish')).json()).toMatchObject({ published: true });
    for (const [i, score] of [null, 72.5, null].entries()) {
      const student = await t.createStudent(tutor.headers, `marked-${i}`);
      await insertSubmission(t, exam.id, student.id, { traditionalScore: score });
    }
    const published = await action(exam.id, 'publish-grades');
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      id: exam.id,
      gradesPublished: true,
      unmarkedCount: 2,
      submissionCount: 3,
    });
    // Unpublishing the exam leaves its marks' state alone; marks cannot then be changed.
    expect((await action(exam.id, 'unpublish')).json()).toMatchObject({ published: false, gradesPublished: true });
    expectMessage(await action(exam.id, 'unpublish-grades'), 409, EXAM_MESSAGES.gradesGate);
    await action(exam.id, 'publish');
    const withdrawn = await action(exam.id, 'unpublish-grades');
    expect(withdrawn.json()).toMatchObject({ gradesPublished: false });
    // Every exam answer carries the count, so the portal can ask before publishing marks.
    expect(withdrawn.json()).toMatchObject({ unmarkedCount: 2 });
    const listed = await t.call('GET', `${EXAMS}/course/${exam.courseId}/all`, tutor.headers);
    expect(listed.json().find((e: { id: number }) => e.id === exam.id)).toMatchObject({ unmarkedCount: 2 });

    expectMessage(await t.call('DELETE', `${EXAMS}/${exam.id}`, tutor.headers), 409, EXAM_MESSAGES.hasSubmissions);
    expect(await paperKey(exam.id)).not.toBeNull();
  });
});

describe('detail, publication and content delete', () => {
  const action = (examId: number, name: string) => t.call('POST', `${EXAMS}/${examId}/${name}`, tutor.headers);

  it('answers the exam with its questions in order, options in order, pictures as signed links', async () => {
    const exam = await createExam(t, tutor.headers, courseId);
    const first = await addQuestion(t, tutor.headers, exam.id, question('First?', 2));
    const second = await addQuestion(t, tutor.headers, exam.id, question(null, 4), {
      bytes: SAMPLE.png,
      name: 'q.png',
    });
    const detail = await t.call('GET', `${EXAMS}/${exam.id}`, tutor.headers);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: exam.id, questionCount: 2, mcqQuestions: [first, { id: second.id }] });
    const [, withImage] = detail.json().mcqQuestions;
    expect(withImage.options.map((o: { isCorrect: boolean }) => o.isCorrect)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    expect((await download(withImage.questionImageUrl)).rawPayload.equals(SAMPLE.png)).toBe(true);
    expectMessage(await t.call('GET', `${EXAMS}/987654`, tutor.headers), 404, 'Exam not found.');
  });

  it('publishes an MCQ exam only once it has a question; unpublishing always works; both are audited', async () => {
    const exam = await createExam(t, tutor.headers, courseId);
    const noQuestions = 'Add at least one question before publishing this MCQ exam.';
    expectMessage(await action(exam.id, 'publish'), 409, noQuestions);
    await addQuestion(t, tutor.headers, exam.id);
    for (const name of ['publish', 'publish']) {
      const answer = await action(exam.id, name);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ id: exam.id, published: true, questionCount: 1 });
    }
    expect((await action(exam.id, 'unpublish')).json()).toMatchObject({ published: false });
    expect((await action(exam.id, 'unpublish')).json()).toMatchObject({ published: false });
    expectMessage(await action(987654, 'publish'), 404, 'Exam not found.');
    const rows = await auditOf(`exam:${exam.id}`);
    expect(rows.map((row) => row.action)).toEqual(['exam.publish', 'exam.publish', 'exam.unpublish', 'exam.unpublish']);
    expect(rows[0]).toMatchObject({ actorId: tutor.id, actorUsername: tutor.username });
    expect(rows[0]?.details).toMatchObject({ examIdentifier: exam.examIdentifier, examType: 'MCQ' });
  });

  it("deletes an exam's content once: questions, paper and pictures gone, the exam kept and unpublished", async () => {
    const exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL' });
    await action(exam.id, 'publish');
    const paper = await paperKey(exam.id);
    const mcq = await createExam(t, tutor.headers, courseId);
    await addQuestion(t, tutor.headers, mcq.id, question(null), { bytes: SAMPLE.gif, name: 'q.gif' });
    const picture = await imageKeys(mcq.id);
    expect(picture).toHaveLength(1);

    const deleted = await t.call('DELETE', `${EXAMS}/${exam.id}`, tutor.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: exam.id, contentDeleted: true, published: false, examPaperUrl: null });
    expect(await t.storage.stat(paper ?? '')).toBeNull();
    expectMessage(await action(exam.id, 'publish'), 409, EXAM_MESSAGES.contentDeleted);
    expectMessage(await t.call('DELETE', `${EXAMS}/${exam.id}`, tutor.headers), 409, EXAM_MESSAGES.contentDeleted);

    const gone = await t.call('DELETE', `${EXAMS}/${mcq.id}`, tutor.headers);
    expect(gone.json()).toMatchObject({ contentDeleted: true, questionCount: 0 });
    expect((await t.call('GET', `${EXAMS}/${mcq.id}`, tutor.headers)).json().mcqQuestions).toEqual([]);
    expect(await t.storage.stat(picture[0] ?? '')).toBeNull();
    expect((await auditOf(`exam:${mcq.id}`)).map((row) => row.action)).toEqual(['exam.deleteContent']);
  });

  it('removes the papers and pictures of a deleted course', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const course = await t.createCourse(tutor.headers, 'Short-lived', 'gone soon');
    const exam = await createExam(t, tutor.headers, course.id, { examType: 'TRADITIONAL' });
    const mcq = await createExam(t, tutor.headers, course.id);
    await addQuestion(t, tutor.headers, mcq.id, question(), { bytes: SAMPLE.webp, name: 'q.webp' });
    const keys = [await paperKey(exam.id), ...(await imageKeys(mcq.id))] as string[];
    for (const key of keys) expect(await t.storage.stat(key)).not.toBeNull();
    expect((await t.call('DELETE', `/api/courses/${course.id}`, boss.headers)).statusCode).toBe(204);
    for (const key of keys) expect(await t.storage.stat(key)).toBeNull();
    expectMessage(await t.call('GET', `${EXAMS}/${mcq.id}`, tutor.headers), 404, 'Exam not found.');
  });
});

describe('the multipart form', () => {
  it('answers 400 for a body that is not multipart, or broken, never 500', async () => {
    const notMultipart = 'Send this as multipart/form-data.';
    const raw = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: EXAMS, headers: { ...tutor.headers, ...headers }, payload });
    expectMessage(await raw({ 'content-type': 'application/x-www-form-urlencoded' }, 'examDTO=1'), 400, notMultipart);
    expectMessage(await raw({ 'content-type': 'text/plain' }, 'hello'), 400, notMultipart);
    expectMessage(await t.call('POST', EXAMS, tutor.headers), 400, notMultipart);
    const unreadable = 'The multipart/form-data body could not be read.';
    expectMessage(await raw({ 'content-type': 'multipart/form-data' }, 'x'), 400, unreadable);
    const { payload, contentType } = await multipartBody({ examPaperFile: { bytes: SAMPLE.pdf, name: 'a.pdf' } });
    const cut = payload.subarray(0, payload.length - 30).toString('latin1');
    expectMessage(await raw({ 'content-type': contentType }, cut), 400, unreadable);
    expectMessage(await raw({ 'content-type': contentType }, ''), 400, 'examDTO is required.');
  });

  it('takes examDTO as a JSON file part too (a Blob, as some clients send it), and skips unknown parts', async () => {
    const dto = examDto(courseId);
    const answer = await sendForm(t, 'POST', EXAMS, tutor.headers, {
      examDTO: { bytes: JSON.stringify(dto), name: 'blob', type: 'application/json' },
      somethingElse: { bytes: SAMPLE.pdf, name: 'x.pdf' },
      note: 'ignored',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().examIdentifier).toBe(dto.examIdentifier);
    const twoPapers = await sendForm(t, 'POST', EXAMS, tutor.headers, {
      examDTO: JSON.stringify(examDto(courseId, { examType: 'TRADITIONAL' })),
      examPaperFile: [pdf, pdf],
    });
    expectMessage(twoPapers, 400, 'Send one examPaperFile only.');
  });

  it('reads a text part declared application/json, and refuses one that is not JSON', async () => {
    const boundary = 'valence-boundary';
    const body = (json: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="examDTO"\r\nContent-Type: application/json\r\n\r\n${json}\r\n--${boundary}--\r\n`;
    const send = (json: string) =>
      t.app.inject({
        method: 'POST',
        url: EXAMS,
        headers: { ...tutor.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body(json),
      });
    expect((await send(JSON.stringify(examDto(courseId)))).statusCode).toBe(201);
    expectMessage(await send('{"title":'), 400, 'A form field sent as application/json is not valid JSON.');
  });
});

const auditOf = (target: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));
const imageKeys = async (examId: number) =>
  (await t.database.db.select({ key: mcqQuestions.imageKey }).from(mcqQuestions).where(eq(mcqQuestions.examId, examId)))
    .map((row) => row.key)
    .filter((key): key is string => !!key);

/** The paper keys of every exam, to see that a refused request left none behind. */
async function storedPapers() {
  const { readdir } = await import('node:fs/promises');
  return readdir(`${t.dataDir}/files/exams`).catch(() => []);
}
