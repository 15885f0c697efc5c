import { EXAM_MESSAGES, type McqExamFound, type McqQuestion, QUESTION_COPY_MESSAGES } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mcqQuestions } from '../../db/schema.js';
import { addQuestion, createExam, EXAMS, question } from '../../test/exams.js';
import { expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { type FilePart, SAMPLE, sendForm } from '../../test/multipart.js';
import { insertSubmission } from '../../test/submissions.js';

const t = useTestApp();
let tutor: Login;
let courseId: number;
let otherCourseId: number;
beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN');
  courseId = (await t.createCourse(tutor.headers, 'CHEM 301', 'Physical')).id;
  otherCourseId = (await t.createCourse(tutor.headers, 'CHEM 101', 'Foundations')).id;
});

const newExam = (overrides: Record<string, unknown> = {}, course = courseId) =>
  createExam(t, tutor.headers, course, overrides);
const copy = (examId: number, body: object) =>
  t.call('POST', `${EXAMS}/${examId}/mcq-questions/copy`, tutor.headers, body);
const list = async (examId: number): Promise<McqQuestion[]> =>
  expectStatus(await t.call('GET', `${EXAMS}/${examId}/mcq-questions`, tutor.headers), 200);
const search = async (q: string): Promise<McqExamFound[]> =>
  expectStatus(await t.call('GET', `${EXAMS}/mcq-search?q=${encodeURIComponent(q)}`, tutor.headers), 200);
const keysOf = async (examId: number) =>
  (await t.database.db.select().from(mcqQuestions).where(eq(mcqQuestions.examId, examId))).map((row) => row.imageKey);
const png: FilePart = { bytes: SAMPLE.png, name: 'benzene.png', type: 'image/png' };
/** What a question holds, without ids and signed links (which differ between copies by design). */
const content = (q: McqQuestion) => ({
  questionText: q.questionText,
  hasImage: q.questionImageUrl !== null,
  options: q.options.map(({ optionText, isCorrect }) => ({ optionText, isCorrect })),
});

/** Every stored question picture's key. */
async function stored() {
  const keys: string[] = [];
  for await (const object of t.storage.list()) if (object.key.startsWith('questions/')) keys.push(object.key);
  return keys.sort();
}

/** A source paper in the other course: text with notation, a picture-only question, a third. */
async function sourcePaper() {
  const exam = await newExam({ title: 'Kinetics past paper' }, otherCourseId);
  const first = await addQuestion(t, tutor.headers, exam.id, question('Rate of \\ce{2NO2 -> N2O4}? $k[A]^2$', 2));
  const second = await addQuestion(t, tutor.headers, exam.id, question(null, 4), png);
  const third = await addQuestion(t, tutor.headers, exam.id, question('Third', 1));
  return { exam, questions: [first, second, third] };
}

describe('copying questions from another paper', () => {
  it('copies every question onto the end, in order, with options, answers and pictures', async () => {
    const source = await sourcePaper();
    const target = await newExam();
    const existing = await addQuestion(t, tutor.headers, target.id, question('Already here'));
    const answer = await copy(target.id, { fromExamId: source.exam.id });
    const copied = expectStatus<McqQuestion[]>(answer, 201);
    expect(copied.map(content)).toEqual(source.questions.map(content));
    expect(copied.map((q) => q.id)).not.toContain(source.questions[0]?.id);
    const after = await list(target.id);
    expect(after.map((q) => q.id)).toEqual([existing.id, ...copied.map((q) => q.id)]);
    expect(after.slice(1).map(content)).toEqual(source.questions.map(content));
    // Option ids are the copy's own: answers to one paper never count for the other.
    const sourceOptionIds = source.questions.flatMap((q) => q.options.map((o) => o.id));
    expect(after.flatMap((q) => q.options.map((o) => o.id)).some((id) => sourceOptionIds.includes(id))).toBe(false);
    // The source paper is unchanged.
    expect((await list(source.exam.id)).map(content)).toEqual(source.questions.map(content));
  });

  it('copies only the chosen questions, in the paper’s order whatever order they were named in', async () => {
    const source = await sourcePaper();
    const target = await newExam();
    const [first, , third] = source.questions;
    const answer = await copy(target.id, { fromExamId: source.exam.id, questionIds: [third?.id, first?.id] });
    const copied = expectStatus<McqQuestion[]>(answer, 201);
    expect(copied.map((q) => q.questionText)).toEqual([first?.questionText, 'Third']);
    expect((await list(target.id)).map(content)).toEqual([first, third].map((q) => content(q as McqQuestion)));
  });

  it('stores each picture as a new file that outlives the source question', async () => {
    const source = await sourcePaper();
    const target = await newExam();
    const pictured = source.questions[1] as McqQuestion;
    const copied = expectStatus<McqQuestion[]>(
      await copy(target.id, { fromExamId: source.exam.id, questionIds: [pictured.id] }),
      201,
    );
    const [sourceKey] = (await keysOf(source.exam.id)).filter(Boolean);
    const [copyKey] = await keysOf(target.id);
    expect(copyKey).toMatch(/^questions\/[0-9a-f-]{36}-benzene\.png$/);
    expect(copyKey).not.toBe(sourceKey);

    const removed = await t.call('DELETE', `${EXAMS}/${source.exam.id}/mcq-questions/${pictured.id}`, tutor.headers);
    expect(removed.statusCode).toBe(204);
    expect(await t.storage.stat(sourceKey ?? '')).toBeNull();
    const [listed] = await list(target.id);
    for (const link of [copied[0]?.questionImageUrl, listed?.questionImageUrl]) {
      const served = await t.app.inject({ method: 'GET', url: link ?? '' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(SAMPLE.png)).toBe(true);
    }
  });

  it('refuses what cannot be copied, saving nothing and leaving no picture behind', async () => {
    const before = await stored();
    const source = await sourcePaper();
    const target = await newExam();
    const other = await addQuestion(t, tutor.headers, (await newExam()).id, question('Elsewhere'));

    expectMessage(await copy(target.id, { fromExamId: target.id }), 400, QUESTION_COPY_MESSAGES.sameExam);
    expectMessage(await copy(target.id, { fromExamId: 987654 }), 404, QUESTION_COPY_MESSAGES.sourceNotFound);
    expectMessage(await copy(987654, { fromExamId: source.exam.id }), 404, 'Exam not found.');
    expectMessage(
      await copy(target.id, { fromExamId: source.exam.id, questionIds: [source.questions[0]?.id, other.id] }),
      400,
      `Question ${other.id} is not a question of the exam to copy from.`,
    );
    expectMessage(
      await copy(target.id, { fromExamId: source.exam.id, questionIds: [] }),
      400,
      'Select at least one question to copy.',
    );
    expectMessage(await copy(target.id, {}), 400, /fromExamId/);
    expectMessage(await copy(target.id, { fromExamId: (await newExam()).id }), 400, QUESTION_COPY_MESSAGES.sourceEmpty);

    const partTwo = await newExam({ examType: 'TRADITIONAL' });
    expectMessage(await copy(target.id, { fromExamId: partTwo.id }), 400, QUESTION_COPY_MESSAGES.sourceNotMcq);
    expectMessage(await copy(partTwo.id, { fromExamId: source.exam.id }), 400, QUESTION_COPY_MESSAGES.targetNotMcq);

    const emptied = await sourcePaper();
    expectStatus(await t.call('DELETE', `${EXAMS}/${emptied.exam.id}`, tutor.headers), 200);
    expectMessage(await copy(target.id, { fromExamId: emptied.exam.id }), 409, QUESTION_COPY_MESSAGES.sourceDeleted);
    const deletedTarget = await newExam();
    expectStatus(await t.call('DELETE', `${EXAMS}/${deletedTarget.id}`, tutor.headers), 200);
    expectMessage(await copy(deletedTarget.id, { fromExamId: source.exam.id }), 409, EXAM_MESSAGES.contentDeleted);

    const sat = await newExam();
    const asked = await addQuestion(t, tutor.headers, sat.id);
    const student = await t.createStudent(tutor.headers, 'copy-sitter');
    await insertSubmission(t, sat.id, student.id, { answers: [[asked.id, asked.options[0]?.id ?? null]] });
    expectMessage(
      await copy(sat.id, { fromExamId: source.exam.id }),
      409,
      'Cannot add questions: students have already submitted this exam.',
    );

    expect(await list(target.id)).toEqual([]);
    expect(await keysOf(sat.id)).toEqual([null]);
    // Only the source paper's picture was added (the emptied paper's went with its content); no copy stayed.
    expect((await stored()).filter((key) => !before.includes(key))).toEqual(
      (await keysOf(source.exam.id)).filter(Boolean),
    );
  });

  it('refuses a copy whose source picture is gone, removing the pictures already copied', async () => {
    const source = await newExam({ title: 'Pictures' });
    for (const name of ['a.png', 'b.png', 'c.png']) {
      await addQuestion(t, tutor.headers, source.id, question(null), { ...png, name });
    }
    const [, lost] = await keysOf(source.id);
    await t.storage.delete(lost ?? '');
    const target = await newExam();
    const before = await stored();
    expectMessage(await copy(target.id, { fromExamId: source.id }), 409, QUESTION_COPY_MESSAGES.pictureGone(2));
    expect(await list(target.id)).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it('keeps an exam within 300 questions, copying none past it and removing the copied pictures', async () => {
    const source = await sourcePaper();
    const target = await newExam();
    const before = await stored();
    const full = Array.from({ length: 100 }, (_, i) => question(`Q${i + 1}`));
    for (let round = 0; round < 3; round++) {
      const form = { questions: JSON.stringify(full) };
      expectStatus(await sendForm(t, 'POST', `${EXAMS}/${target.id}/mcq-questions/bulk`, tutor.headers, form), 201);
    }
    expectMessage(
      await copy(target.id, { fromExamId: source.exam.id }),
      409,
      'An exam can have at most 300 questions; this one has 300, and 3 would be copied.',
    );
    expect(await keysOf(target.id)).toHaveLength(300);
    expect((await keysOf(target.id)).filter(Boolean)).toEqual([]);
    // The limit is checked under the exam's lock, after the picture was copied: the copy is gone again.
    expect(await stored()).toEqual(before);
  });
});

describe('finding the paper to copy from', () => {
  it('finds MCQ exams of any course by title or identifier, any case, with course and question count', async () => {
    const source = await sourcePaper();
    const identified = await newExam({ title: 'Unrelated title', examIdentifier: 'ZEOLITE_2024_P1' });
    await newExam({ title: 'Kinetics essay', examType: 'TRADITIONAL' });

    const byTitle = await search('KINETICS PAST');
    expect(byTitle.find((exam) => exam.id === source.exam.id)).toEqual({
      id: source.exam.id,
      title: 'Kinetics past paper',
      examIdentifier: source.exam.examIdentifier,
      courseId: otherCourseId,
      courseTitle: 'CHEM 101',
      questionCount: 3,
    });
    expect(byTitle.every((exam) => exam.title.toLowerCase().includes('kinetics past'))).toBe(true);
    expect((await search('zeolite_2024')).map((exam) => exam.id)).toEqual([identified.id]);
    expect(await search('Kinetics essay')).toEqual([]);
    expect(await search('ze')).toContainEqual(expect.objectContaining({ id: identified.id }));
    // A search's % and _ are letters, not patterns.
    expect(await search('%')).toEqual([]);
  });

  it('answers at most 20, newest first, leaving out exams whose content is deleted', async () => {
    const made: number[] = [];
    for (let i = 0; i < 22; i++) made.push((await newExam({ title: `Redox drill ${i}` })).id);
    expectStatus(await t.call('DELETE', `${EXAMS}/${made[21]}`, tutor.headers), 200);
    const found = await search('redox drill');
    expect(found.map((exam) => exam.id)).toEqual(made.slice(1, 21).reverse());
  });
});
