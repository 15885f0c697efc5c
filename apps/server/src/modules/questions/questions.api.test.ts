import { EXAM_MESSAGES, type Exam, type McqQuestion, QUESTION_MESSAGES } from '@valence/contract';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mcqQuestions } from '../../db/schema.js';
import { addQuestion, createExam, EXAMS, postQuestion, question } from '../../test/exams.js';
import { expectMessage, type Login, useTestApp } from '../../test/harness.js';
import { type FilePart, type FormParts, SAMPLE, sendForm } from '../../test/multipart.js';
import { insertSubmission } from '../../test/submissions.js';

const t = useTestApp();
let tutor: Login;
let courseId: number;
let studentCount = 0;
beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN');
  courseId = (await t.createCourse(tutor.headers, 'CHEM 201', 'Organic')).id;
});

const newExam = (overrides: Record<string, unknown> = {}) => createExam(t, tutor.headers, courseId, overrides);
const url = (examId: number, rest = '') => `${EXAMS}/${examId}/mcq-questions${rest}`;
const list = (examId: number) => t.call('GET', url(examId), tutor.headers);
const post = (examId: number, dto: unknown, image?: FilePart | null) =>
  postQuestion(t, tutor.headers, examId, dto, image);
const put = (examId: number, questionId: number, dto: unknown, image?: FilePart | null) =>
  sendForm(t, 'PUT', url(examId, `/${questionId}`), tutor.headers, {
    questionDTO: JSON.stringify(dto),
    ...(image === undefined ? {} : { questionImageFile: image }),
  });
const remove = (examId: number, questionId: number) => t.call('DELETE', url(examId, `/${questionId}`), tutor.headers);
const bulk = (examId: number, parts: FormParts) => sendForm(t, 'POST', url(examId, '/bulk'), tutor.headers, parts);
const png: FilePart = { bytes: SAMPLE.png, name: 'molecule.png', type: 'image/png' };
const keysOf = async (examId: number) =>
  (await t.database.db.select().from(mcqQuestions).where(eq(mcqQuestions.examId, examId))).map((row) => row.imageKey);
/** A student who has answered `question` (choosing its option `position`). */
async function answer(exam: Exam, picked: McqQuestion, position = 0) {
  const student = await t.createStudent(tutor.headers, `answering-${++studentCount}`);
  await insertSubmission(t, exam.id, student.id, { answers: [[picked.id, picked.options[position]?.id ?? null]] });
}

describe('adding one question', () => {
  it('stores text exactly as sent and answers the question with its five options in order', async () => {
    const exam = await newExam();
    const text = '<b>Balance</b> \\ce{H2 + O2 -> H2O} & "why?"';
    const added = await addQuestion(t, tutor.headers, exam.id, question(text, 3));
    expect(added).toEqual({
      id: expect.any(Number),
      questionText: text,
      questionImageUrl: null,
      options: ['H2', 'O2', 'CO2', 'N2', 'Cl2'].map((optionText, i) => ({
        id: expect.any(Number),
        optionText,
        isCorrect: i === 3,
      })),
    });
    const second = await addQuestion(t, tutor.headers, exam.id, question('Second?'));
    expect((await list(exam.id)).json()).toEqual([added, second]);
  });

  it("refuses a question that breaks a rule, in the contract's words", async () => {
    const exam = await newExam();
    const fourOptions = { ...question(), options: question().options.slice(0, 4) };
    const blankOption = question();
    blankOption.options[2] = { optionText: '  ', isCorrect: false };
    const twoCorrect = question();
    twoCorrect.options[1] = { optionText: 'O2', isCorrect: true };
    expectMessage(await post(exam.id, question('  ')), 400, QUESTION_MESSAGES.textOrImage);
    expectMessage(await post(exam.id, question(null)), 400, QUESTION_MESSAGES.textOrImage);
    expectMessage(await post(exam.id, fourOptions), 400, QUESTION_MESSAGES.options);
    expectMessage(await post(exam.id, { questionText: 'No options' }), 400, QUESTION_MESSAGES.options);
    expectMessage(await post(exam.id, blankOption), 400, QUESTION_MESSAGES.options);
    expectMessage(await post(exam.id, question('Q', -1)), 400, QUESTION_MESSAGES.oneCorrect);
    expectMessage(await post(exam.id, twoCorrect), 400, QUESTION_MESSAGES.oneCorrect);
    expectMessage(await post(exam.id, '{"questionText":'), 400, 'questionDTO must be JSON.');
    expectMessage(await post(exam.id, '"just text"'), 400, 'questionDTO must be a JSON object.');
    const longOption = question();
    longOption.options[0] = { optionText: 'x'.repeat(1001), isCorrect: true };
    expectMessage(await post(exam.id, longOption), 400, 'An option must be at most 1000 characters.');
    expectMessage(
      await post(exam.id, question('x'.repeat(5001))),
      400,
      'The question text must be at most 5000 characters.',
    );
    expect((await list(exam.id)).json()).toEqual([]);
  });

  it('takes a picture instead of text, told by its content; refuses other files', async () => {
    const exam = await newExam();
    const kinds = 'The question image must be a PNG, JPG, WebP or GIF file.';
    const before = await keysOf(exam.id);
    expectMessage(await post(exam.id, question(null), { bytes: SAMPLE.text, name: 'fake.png' }), 400, kinds);
    expectMessage(await post(exam.id, question(null), { bytes: SAMPLE.pdf, name: 'paper.png' }), 400, kinds);
    expectMessage(await post(exam.id, question(null), null), 400, QUESTION_MESSAGES.textOrImage);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    SAMPLE.png.copy(big);
    expectMessage(
      await post(exam.id, question(), { bytes: big, name: 'big.png' }),
      413,
      'The question image is larger than 5 MB.',
    );
    expect(await keysOf(exam.id)).toEqual(before);

    const gif = await addQuestion(t, tutor.headers, exam.id, question(null), { bytes: SAMPLE.gif, name: 'a.png' });
    expect(gif.questionText).toBeNull();
    expect(gif.questionImageUrl).toMatch(/^\/api\/files\/questions\/[0-9a-f-]{36}-a\.gif\?/);
    const served = await t.app.inject({ method: 'GET', url: gif.questionImageUrl ?? '' });
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.equals(SAMPLE.gif)).toBe(true);
    const jpg = await addQuestion(t, tutor.headers, exam.id, question('With a photo'), {
      bytes: SAMPLE.jpg,
      name: 'p',
    });
    expect(jpg.questionImageUrl).toMatch(/-p\.jpg\?/);
  });

  it('adds only to an existing MCQ exam with content and no submissions', async () => {
    expectMessage(await post(987654, question()), 404, 'Exam not found.');
    expectMessage(await list(987654), 404, 'Exam not found.');
    const partTwo = await newExam({ examType: 'TRADITIONAL' });
    expectMessage(await post(partTwo.id, question()), 400, EXAM_MESSAGES.notMcq);
    expectMessage(await list(partTwo.id), 400, EXAM_MESSAGES.notMcq);
    const deleted = await newExam();
    await t.call('DELETE', `${EXAMS}/${deleted.id}`, tutor.headers);
    expectMessage(await post(deleted.id, question()), 409, EXAM_MESSAGES.contentDeleted);
    const sat = await newExam();
    const first = await addQuestion(t, tutor.headers, sat.id);
    await answer(sat, first);
    const refused = await post(sat.id, question(), png);
    expectMessage(refused, 409, 'Cannot add questions: students have already submitted this exam.');
    expect(await keysOf(sat.id)).toEqual([null]);
  });
});

describe('editing and deleting a question', () => {
  it('edits text and options in place (option ids kept), keeping the picture unless told', async () => {
    const exam = await newExam();
    const original = await addQuestion(t, tutor.headers, exam.id, question('Old wording', 1), png);
    const [oldKey] = await keysOf(exam.id);
    const edited = question('New wording', 2);
    const answer = await put(exam.id, original.id, edited);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().questionText).toBe('New wording');
    expect(answer.json().options.map((o: { id: number }) => o.id)).toEqual(original.options.map((o) => o.id));
    expect(answer.json().options.map((o: { isCorrect: boolean }) => o.isCorrect)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(answer.json().questionImageUrl).toMatch(/molecule\.png/);

    expectMessage(
      await put(exam.id, original.id, { ...question(null), removeImage: true }),
      400,
      QUESTION_MESSAGES.textOrImage,
    );
    const replaced = await put(exam.id, original.id, question(null), { bytes: SAMPLE.webp, name: 'new.webp' });
    expect(replaced.json().questionImageUrl).toMatch(/new\.webp/);
    expect(await t.storage.stat(oldKey ?? '')).toBeNull();
    const [newKey] = await keysOf(exam.id);
    const dropped = await put(exam.id, original.id, { ...question('Text only'), removeImage: true });
    expect(dropped.json().questionImageUrl).toBeNull();
    expect(await t.storage.stat(newKey ?? '')).toBeNull();
  });

  it('lets the correct option change once students have answered (they are re-scored), never a delete', async () => {
    const exam = await newExam();
    const asked = await addQuestion(t, tutor.headers, exam.id, question('Answered?', 0));
    await answer(exam, asked, 0);
    // Re-scoring itself: submissions/regrade.api.test.ts.
    expect((await put(exam.id, asked.id, question('Answered?', 1))).statusCode).toBe(200);
    const reworded = await put(exam.id, asked.id, question('Answered, reworded?', 1));
    expect(reworded.statusCode).toBe(200);
    expectMessage(await remove(exam.id, asked.id), 409, QUESTION_MESSAGES.answered);
    expect((await list(exam.id)).json()).toHaveLength(1);
  });

  it('deletes a question with its picture, audited; ids of another exam are not found', async () => {
    const exam = await newExam();
    const other = await newExam();
    const doomed = await addQuestion(t, tutor.headers, exam.id, question('Doomed'), png);
    const [key] = await keysOf(exam.id);
    expectMessage(await remove(other.id, doomed.id), 404, 'Question not found.');
    expectMessage(await put(other.id, doomed.id, question()), 404, 'Question not found.');
    expect((await remove(exam.id, doomed.id)).statusCode).toBe(204);
    expect(await t.storage.stat(key ?? '')).toBeNull();
    expect((await list(exam.id)).json()).toEqual([]);
    expectMessage(await remove(exam.id, doomed.id), 404, 'Question not found.');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `question:${doomed.id}`))
      .orderBy(asc(auditLog.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'question.delete', actorId: tutor.id });
    expect(rows[0]?.details).toMatchObject({ examId: exam.id, questionText: 'Doomed' });
  });
});

describe('adding many questions', () => {
  it('saves them in order, each with its own picture part (an empty part for none)', async () => {
    const exam = await newExam();
    const answer = await bulk(exam.id, {
      questions: JSON.stringify([question(null, 0), question('Two', 1), question('Three', 2)]),
      questionImageFiles: [png, null, { bytes: SAMPLE.gif, name: 'g.gif' }],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const saved = answer.json();
    expect(saved.map((q: McqQuestion) => q.questionText)).toEqual([null, 'Two', 'Three']);
    expect(saved.map((q: McqQuestion) => q.questionImageUrl !== null)).toEqual([true, false, true]);
    // Each answer signs its picture links afresh (the expiry is counted from that moment): the two
    // answers hold the same questions, files and names.
    const unsigned = (questions: McqQuestion[]) =>
      questions.map((q) => ({
        ...q,
        questionImageUrl: q.questionImageUrl?.replace(/expires=\d+&signature=[^&]+&/, ''),
      }));
    expect(unsigned((await list(exam.id)).json())).toEqual(unsigned(saved));
  });

  it('names every problem of every question, and saves none of them', async () => {
    const exam = await newExam();
    const noText = question('');
    const fewOptions = { ...question('Few'), options: question().options.slice(0, 3) };
    const noneCorrect = question('None', -1);
    const twoCorrect = question('Two');
    twoCorrect.options[4] = { optionText: 'Cl2', isCorrect: true };
    const answer = await bulk(exam.id, {
      questions: JSON.stringify([question('Fine'), noText, fewOptions, noneCorrect, twoCorrect]),
      questionImageFiles: [null, null, png],
    });
    expectMessage(
      answer,
      400,
      [
        'Question 2: Question text or image file is required.',
        'Question 3: All 5 answer options must be filled.',
        'Question 4: A correct option must be selected.',
        'Question 5: Exactly one option must be marked as correct.',
      ].join(' '),
    );
    expect(await keysOf(exam.id)).toEqual([]);
    const fine = JSON.stringify([question()]);
    expectMessage(await bulk(exam.id, { questions: '[]' }), 400, 'Add at least one question.');
    expectMessage(await bulk(exam.id, { questions: '{' }), 400, 'questions must be JSON.');
    expectMessage(
      await bulk(exam.id, { questions: fine, questionImageFiles: [null, png] }),
      400,
      'There are more question images than questions.',
    );
    const tooMany = await bulk(exam.id, { questions: fine, questionImageFiles: Array(101).fill(null) });
    expectMessage(tooMany, 400, 'Send at most 100 questionImageFiles parts.');
    const kinds = 'The question image must be a PNG, JPG, WebP or GIF file.';
    expectMessage(
      await bulk(exam.id, { questions: fine, questionImageFiles: [{ bytes: SAMPLE.text, name: 'x.png' }] }),
      400,
      kinds,
    );
    expect(await keysOf(exam.id)).toEqual([]);
  });

  it('holds at most 300 questions per exam, and none once students have submitted', async () => {
    const exam = await newExam();
    const hundred = JSON.stringify(Array.from({ length: 100 }, (_, i) => question(`Q${i + 1}`)));
    for (let round = 0; round < 3; round++) expect((await bulk(exam.id, { questions: hundred })).statusCode).toBe(201);
    expectMessage(await post(exam.id, question()), 409, 'An exam can have at most 300 questions; this one has 300.');
    const [first] = (await list(exam.id)).json();
    expect(first.questionText).toBe('Q1');
    const sat = await newExam();
    await answer(sat, await addQuestion(t, tutor.headers, sat.id));
    const refused = await bulk(sat.id, { questions: JSON.stringify([question()]), questionImageFiles: [png] });
    expectMessage(refused, 409, 'Cannot add questions: students have already submitted this exam.');
    expect(await keysOf(sat.id)).toEqual([null]);
  });
});
