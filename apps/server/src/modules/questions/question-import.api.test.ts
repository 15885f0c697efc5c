import type { Readable } from 'node:stream';
import type { McqQuestion, QuestionImportRefusal, QuestionImportResult } from '@valence/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcqQuestions } from '../../db/schema.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { addQuestion, createExam, EXAMS, question } from '../../test/exams.js';
import { createTestApp, expectMessage, type Login, type TestApp } from '../../test/harness.js';
import { type FilePart, type FormParts, SAMPLE, sendForm } from '../../test/multipart.js';
import { insertSubmission } from '../../test/submissions.js';

let t: TestApp;
let tutor: Login;
let courseId: number;
/** Every key the server wrote to the store: a refused import must leave none of them there. */
const written: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    wrapStorage: (storage) =>
      Object.assign(Object.create(storage) as ObjectStorage, {
        put: (key: string, body: Readable, options?: { contentType?: string }) => {
          written.push(key);
          return storage.put(key, body, options);
        },
      }),
  });
  tutor = await t.login('ROLE_ADMIN');
  courseId = (await t.createCourse(tutor.headers, 'CHEM 301', 'Physical')).id;
});
afterAll(() => t.close());

const newExam = (overrides: Record<string, unknown> = {}) => createExam(t, tutor.headers, courseId, overrides);
const url = (examId: number, rest: string) => `${EXAMS}/${examId}/mcq-questions${rest}`;
const importFile = (examId: number, parts: FormParts, dryRun = false) =>
  sendForm(t, 'POST', url(examId, `/import${dryRun ? '?dryRun=true' : ''}`), tutor.headers, parts);
const csvPart = (text: string, name = 'questions.csv'): FilePart => ({ bytes: text, name, type: 'text/csv' });
const savedOf = async (examId: number) =>
  t.database.db.select().from(mcqQuestions).where(eq(mcqQuestions.examId, examId));
/** The keys written since `from` that are still in the store. */
async function keptSince(from: number) {
  const kept: string[] = [];
  for (const key of written.slice(from)) if (await t.storage.stat(key)) kept.push(key);
  return kept;
}
/** What a question is, without ids or links: its text, options in order and which is correct. */
const essence = (questions: McqQuestion[]) =>
  questions.map((q) => ({
    questionText: q.questionText,
    options: q.options.map((option) => option.optionText),
    correct: q.options.findIndex((option) => option.isCorrect),
  }));

const HEADER = 'question,option1,option2,option3,option4,option5,correct,image';
const row = (text: string, correct: string | number = 1, image = '') => `${text},H2,O2,CO2,N2,Cl2,${correct},${image}`;
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('importing questions from a file', () => {
  it('checks a file on a dry run, reports every question and saves nothing', async () => {
    const exam = await newExam();
    const from = written.length;
    const file = csv(row('"Balance \\ce{H2 + O2 -> H2O}, as ""written"""', 'C'), row('Second?', 5));
    const answer = await importFile(exam.id, { file: csvPart(file) }, true);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<QuestionImportResult>();
    expect(result).toEqual({
      format: 'csv',
      dryRun: true,
      saved: [],
      problems: [],
      problemCount: 0,
      questions: [
        {
          number: 1,
          line: null,
          row: 2,
          questionText: 'Balance \\ce{H2 + O2 -> H2O}, as "written"',
          options: ['H2', 'O2', 'CO2', 'N2', 'Cl2'],
          correctIndex: 2,
          image: null,
          problems: [],
        },
        expect.objectContaining({ number: 2, row: 3, questionText: 'Second?', correctIndex: 4 }),
      ],
    });
    expect(await savedOf(exam.id)).toEqual([]);
    expect(written.slice(from)).toEqual([]);
  });

  it('refuses the whole file when one row is wrong (400 with the report) and saves nothing', async () => {
    const exam = await newExam();
    const file = csv(row('Fine'), 'Blank option,H2,,CO2,N2,Cl2,2,', row('No answer', ''), row('Odd answer', 'F'));
    for (const dryRun of [true, false]) {
      const answer = await importFile(exam.id, { file: csvPart(file) }, dryRun);
      expect(answer.statusCode).toBe(400);
      const report = answer.json<QuestionImportRefusal>();
      expect(report.message).toBe('The file has 4 problems; nothing was imported.');
      expect(report.problems).toEqual([
        {
          line: null,
          row: 5,
          message: 'Row 5: correct must be a number from 1 to 5 or a letter from A to E, not "F".',
        },
      ]);
      expect(report.questions.map((q) => q.problems)).toEqual([
        [],
        ['Question 2: All 5 answer options must be filled.'],
        ['Question 3: A correct option must be selected.'],
        ['Question 4: A correct option must be selected.'],
      ]);
    }
    expect(await savedOf(exam.id)).toEqual([]);
  });

  it('saves a clean file in order, answering 201 with the questions as stored', async () => {
    const exam = await newExam();
    await addQuestion(t, tutor.headers, exam.id, question('Already there'));
    const aiken = 'What is $\\pu{1 atm}$ in kPa?\nA. 101.325\nB. 100\nC. 760\nD. 1\nE. 10\nANSWER: A\n';
    const answer = await importFile(exam.id, { file: { bytes: aiken, name: 'quiz.txt', type: 'text/plain' } });
    expect(answer.statusCode, answer.body).toBe(201);
    const result = answer.json<QuestionImportResult>();
    expect(result.format).toBe('aiken');
    expect(essence(result.saved)).toEqual([
      { questionText: 'What is $\\pu{1 atm}$ in kPa?', options: ['101.325', '100', '760', '1', '10'], correct: 0 },
    ]);
    const listed = (await t.call('GET', url(exam.id, ''), tutor.headers)).json<McqQuestion[]>();
    expect(listed.map((q) => q.questionText)).toEqual(['Already there', 'What is $\\pu{1 atm}$ in kPa?']);
  });

  it('takes pictures from the images zip, checked like question pictures, and leaves none behind when refused', async () => {
    const exam = await newExam();
    const zip = new JSZip();
    zip.file('pics/benzene.png', SAMPLE.png);
    zip.file('notes.png', 'plain text, not a picture');
    const images = async () => ({ bytes: await zip.generateAsync({ type: 'uint8array' }), name: 'images.zip' });
    const from = written.length;
    const bad = csv(row('', 1, 'benzene.png'), row('Two', 2, 'missing.png'), row('Three', 3, 'notes.png'));
    const refused = await importFile(exam.id, { file: csvPart(bad), images: await images() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<QuestionImportRefusal>().questions.map((q) => q.problems)).toEqual([
      [],
      ['Question 2: The image "missing.png" is not in the images zip.'],
      ['Question 3: The image "notes.png" must be a PNG, JPG, WebP or GIF file.'],
    ]);
    const noZip = await importFile(exam.id, { file: csvPart(csv(row('', 1, 'benzene.png'))) });
    expect(noZip.json<QuestionImportRefusal>().questions[0]?.problems).toEqual([
      'Question 1: The image "benzene.png" is named but no images zip was sent.',
      'Question 1: Question text or image file is required.',
    ]);
    expect(written.slice(from)).toEqual([]);

    const good = csv(row('', 1, 'benzene.png'), row('Two', 2, 'pics/benzene.png'), row('Three', 3));
    const answer = await importFile(exam.id, { file: csvPart(good), images: await images() });
    expect(answer.statusCode, answer.body).toBe(201);
    const saved = answer.json<QuestionImportResult>().saved;
    expect(saved.map((q) => q.questionImageUrl !== null)).toEqual([true, true, false]);
    const keys = (await savedOf(exam.id)).map((q) => q.imageKey);
    expect(keys[0]).toMatch(/^questions\/[0-9a-f-]{36}-benzene\.png$/);
    // One stored file per question: deleting one question must not take another's picture.
    expect(keys[1]).not.toBe(keys[0]);
    const picture = await t.app.inject({
      method: 'GET',
      url: saved[0]?.questionImageUrl?.replace(/^https?:\/\/[^/]+/, '') ?? '',
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(SAMPLE.png)).toBe(true);

    // Refused after the pictures were stored (the exam is full): they are removed again.
    const full = await newExam();
    const hundred = JSON.stringify(Array.from({ length: 100 }, (_, i) => question(`Q${i + 1}`)));
    for (let round = 0; round < 3; round++)
      await sendForm(t, 'POST', url(full.id, '/bulk'), tutor.headers, { questions: hundred });
    const before = written.length;
    const late = await importFile(full.id, { file: csvPart(csv(row('', 1, 'benzene.png'))), images: await images() });
    expectMessage(late, 409, 'An exam can have at most 300 questions; this one has 300.');
    expect(await keptSince(before)).toEqual([]);
  });

  it('imports GIFT with chemistry notation unchanged, and refuses a picture over 5 MB in the zip', async () => {
    const exam = await newExam();
    const gift = [
      '// Unit 4: equilibria',
      '::K1:: [html]For \\ce{N2 + 3H2 <=> 2NH3} at $\\pu{298 K}$, raising pressure { ~shifts left # no',
      '=shifts right ~does nothing ~stops it ~reverses \\ce{\\Delta H}}',
    ].join('\n');
    const answer = await importFile(exam.id, { file: { bytes: gift, name: 'unit4.gift' } });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(essence(answer.json<QuestionImportResult>().saved)).toEqual([
      {
        questionText: 'For \\ce{N2 + 3H2 <=> 2NH3} at $\\pu{298 K}$, raising pressure',
        options: ['shifts left', 'shifts right', 'does nothing', 'stops it', 'reverses \\ce{\\Delta H}'],
        correct: 1,
      },
    ]);

    const zip = new JSZip();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(SAMPLE.png);
    zip.file('big.png', big);
    const images = { bytes: await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }), name: 'i.zip' };
    const refused = await importFile(exam.id, { file: csvPart(csv(row('Big', 1, 'big.png'))), images });
    expect(refused.json<QuestionImportRefusal>().questions[0]?.problems).toEqual([
      'Question 1: The image "big.png" is larger than 5 MB.',
    ]);
  });

  it('refuses more than 500 questions in one file', async () => {
    const exam = await newExam();
    const many = csv(...Array.from({ length: 501 }, (_, i) => row(`Q${i + 1}`)));
    const answer = await importFile(exam.id, { file: csvPart(many) }, true);
    expect(answer.statusCode).toBe(400);
    const report = answer.json<QuestionImportRefusal>();
    expect(report.problems.map((p) => p.message)).toEqual([
      'The file holds 501 questions; one import takes at most 500.',
    ]);
    expect(report.message).toBe('The file has 1 problem; nothing was imported.');
    expect(await savedOf(exam.id)).toEqual([]);
  });

  it('refuses files it cannot read, a PART II exam, and an exam students have submitted (409)', async () => {
    const exam = await newExam();
    expectMessage(await importFile(exam.id, {}), 400, 'Choose a question file to import (file).');
    expectMessage(
      await importFile(exam.id, { file: { bytes: new Uint8Array([0xff, 0xfe, 0x00, 0x41]), name: 'q.csv' } }),
      400,
      /must be UTF-8 text/,
    );
    expectMessage(
      await importFile(exam.id, { file: { bytes: 'hello', name: 'q.txt' } }),
      400,
      /not one of the formats/,
    );
    const bigFile = { bytes: new Uint8Array(5 * 1024 * 1024 + 1).fill(65), name: 'big.csv' };
    expectMessage(await importFile(exam.id, { file: bigFile }), 413, 'The question file is larger than 5 MB.');
    expectMessage(
      await t.call('POST', url(exam.id, '/import'), tutor.headers, { file: 'x' }),
      400,
      'Send this as multipart/form-data.',
    );
    const written2 = await newExam({ examType: 'TRADITIONAL' });
    expectMessage(await importFile(written2.id, { file: csvPart(csv(row('Q'))) }), 400, /MCQ/);

    const sat = await newExam();
    const added = await addQuestion(t, tutor.headers, sat.id, question('Sat'));
    const student = await t.createStudent(tutor.headers, 'importing-student');
    await insertSubmission(t, sat.id, student.id, { answers: [[added.id, added.options[0]?.id ?? null]] });
    for (const dryRun of [true, false]) {
      expectMessage(
        await importFile(sat.id, { file: csvPart(csv(row('Q'))) }, dryRun),
        409,
        'Cannot add questions: students have already submitted this exam.',
      );
    }
  });

  it('is for staff only', async () => {
    const exam = await newExam();
    const student = await t.login('ROLE_STUDENT');
    const form = { file: csvPart(csv(row('Q'))) };
    expect((await sendForm(t, 'POST', url(exam.id, '/import'), student.headers, form)).statusCode).toBe(403);
    expect((await sendForm(t, 'POST', url(exam.id, '/import'), {}, form)).statusCode).toBe(401);
    expect((await t.call('GET', url(exam.id, '/export?format=csv'), student.headers)).statusCode).toBe(403);
    expect(await savedOf(exam.id)).toEqual([]);
  });

  it('checks and saves a 200-question CSV in one go (time printed)', async () => {
    const exam = await newExam();
    const file = csv(
      ...Array.from({ length: 200 }, (_, i) => row(`"Q${i + 1}: \\ce{CH3COOH <=> CH3COO- + H+}, pKa?"`, (i % 5) + 1)),
    );
    const started = performance.now();
    const answer = await importFile(exam.id, { file: csvPart(file) });
    const elapsed = performance.now() - started;
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<QuestionImportResult>().saved).toHaveLength(200);
    console.log(`200-question CSV checked and saved in ${elapsed.toFixed(0)} ms`);
  });
});

describe('exporting questions', () => {
  const tricky = [
    question('Balance \\ce{Fe + O2 -> Fe2O3}, "quoted", then:\n$x^{2}$ and \\pu{25 °C}', 2),
    {
      questionText: 'Commas, in, options',
      options: ['a, b', '"c"', ' d ', '\\ce{H+}', 'é ∆H'].map((optionText, i) => ({ optionText, isCorrect: i === 4 })),
    },
    question('Plain', 0),
  ];

  it('writes csv, xlsx and aiken that the import reads back to the same questions', async () => {
    const exam = await newExam({ examIdentifier: `ROUND_${Date.now().toString(36).toUpperCase()}` });
    for (const q of tricky) await addQuestion(t, tutor.headers, exam.id, q);
    const original = essence((await t.call('GET', url(exam.id, ''), tutor.headers)).json());
    for (const format of ['csv', 'xlsx', 'aiken'] as const) {
      const exported = await t.call('GET', url(exam.id, `/export?format=${format}`), tutor.headers);
      expect(exported.statusCode, exported.body).toBe(200);
      const extension = format === 'aiken' ? 'txt' : format;
      expect(exported.headers['content-disposition']).toContain(`${exam.examIdentifier}-questions.${extension}`);
      const copy = await newExam();
      const answer = await importFile(copy.id, { file: { bytes: exported.rawPayload, name: `export.${extension}` } });
      expect(answer.statusCode, `${format}: ${answer.body}`).toBe(201);
      expect(answer.json<QuestionImportResult>().format).toBe(format);
      expect(essence(answer.json<QuestionImportResult>().saved), format).toEqual(original);
    }
  });

  it('names each picture in the image column of csv and xlsx', async () => {
    const exam = await newExam();
    await sendForm(t, 'POST', url(exam.id, ''), tutor.headers, {
      questionDTO: JSON.stringify(question(null)),
      questionImageFile: { bytes: SAMPLE.png, name: 'ring.png' },
    });
    const csvText = (await t.call('GET', url(exam.id, '/export?format=csv'), tutor.headers)).body;
    expect(csvText.replace(/^\uFEFF/, '').split('\r\n')[1]).toBe(',H2,O2,CO2,N2,Cl2,1,ring.png');
    const xlsx = await t.call('GET', url(exam.id, '/export?format=xlsx'), tutor.headers);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    expect(workbook.worksheets[0]?.getRow(2).getCell(8).value).toBe('ring.png');
    const aiken = await t.call('GET', url(exam.id, '/export?format=aiken'), tutor.headers);
    expect(aiken.body.split('\n')[0]).toBe('[image: ring.png]');
    expectMessage(await t.call('GET', url(exam.id, '/export?format=gift'), tutor.headers), 400, /format must be/);
  });
});
