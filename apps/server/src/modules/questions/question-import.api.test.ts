import type { Readable } from 'node:stream';
import type { McqQuestion, QuestionImportRefusal, QuestionImportResult } from '@valence/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mcqQuestions } from '../../db/schema.js';
import { ZipReader } from '../../lib/zip-reader.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { addQuestion, createExam, EXAMS, question } from '../../test/exams.js';
import { createTestApp, expectMessage, type Login, type TestApp } from '../../test/harness.js';
import { type FilePart, type FormParts, SAMPLE, sendForm } from '../../test/multipart.js';
import { insertSubmission } from '../../test/submissions.js';
import { claimSize, memoryRise, zipOf } from '../../test/zips.js';

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
      unlistedProblems: 0,
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
    const zip = await zipOf([
      { name: 'pics/benzene.png', bytes: SAMPLE.png },
      { name: 'notes.png', bytes: 'plain text, not a picture' },
    ]);
    const images = async () => ({ bytes: zip, name: 'images.zip' });
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

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(SAMPLE.png);
    const images = { bytes: await zipOf([{ name: 'big.png', bytes: big }]), name: 'i.zip' };
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
      'The file holds 501 questions; one import takes at most 500. Only the first 500 are checked.',
    ]);
    expect(report.questions).toHaveLength(500);
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

describe('files made to stall or swell the server', () => {
  const MB = 2 ** 20;
  const say = (label: string, rise: { peakRss: number; heap: number }, ms: number) =>
    console.log(
      `${label}: resident memory rose ${rise.peakRss.toFixed(0)} MB at most, heap ${rise.heap.toFixed(0)} MB after, in ${ms.toFixed(0)} ms`,
    );

  it('answers a CSV of many broken rows with the first 200 problems and a count of the rest', async () => {
    const exam = await newExam();
    // 5 MB of rows whose correct answer is unreadable: every row is a problem.
    const file = `${HEADER}\n${'q,a,b,c,d,e,9\n'.repeat(370_000)}`;
    const started = performance.now();
    const answer = await importFile(exam.id, { file: csvPart(file) }, true);
    const elapsed = performance.now() - started;
    expect(answer.statusCode).toBe(400);
    const report = answer.json<QuestionImportRefusal>();
    console.log(
      `370,000 broken rows answered ${(answer.rawPayload.length / 1024).toFixed(0)} KB in ${elapsed.toFixed(0)} ms`,
    );
    expect(report.problems).toHaveLength(200);
    expect(report.problems[0]?.message).toBe(
      'Row 2: correct must be a number from 1 to 5 or a letter from A to E, not "9".',
    );
    expect(report.problems.at(-1)?.message).toBe(
      'The file holds 370000 questions; one import takes at most 500. Only the first 500 are checked.',
    );
    // Every row's problem is counted: 199 listed, the rest not; then each of the 500 questions shown has one.
    expect(report.unlistedProblems).toBe(370_000 - 199);
    expect(report.questions).toHaveLength(500);
    expect(report.problemCount).toBe(370_000 + 1 + 500);
    expect(report.message).toBe(
      `The file has ${report.problemCount} problems; nothing was imported. The first 200 problems of the file are listed; ${370_000 - 199} more are only counted.`,
    );
    // The report of every row was 38 MB; this one is bounded by the 500 questions it shows.
    expect(answer.rawPayload.length).toBeLessThan(512 * 1024);
  });

  it('refuses an images zip entry that inflates past its stated size, unpacking no more than it states', async () => {
    const exam = await newExam();
    // 200 MB of zeros deflate to about 200 KB; the directory then claims 100 bytes.
    const bomb = claimSize(await zipOf([{ name: 'bomb.png', zeros: 200 * MB }]), 'bomb.png', 100);
    const honest = await zipOf([{ name: 'huge.png', zeros: 200 * MB }]);
    for (const [label, zip, problem] of [
      ['images zip claiming 100 bytes, inflating to 200 MB', bomb, 'could not be unpacked from the zip'],
      ['images zip stating 200 MB', honest, 'is larger than 5 MB'],
    ] as const) {
      const started = performance.now();
      const rise = await memoryRise(() =>
        importFile(
          exam.id,
          {
            file: csvPart(csv(row('Q', 1, zip === bomb ? 'bomb.png' : 'huge.png'))),
            images: { bytes: zip, name: 'i.zip' },
          },
          true,
        ),
      );
      say(label, rise, performance.now() - started);
      expect(rise.result.json<QuestionImportRefusal>().questions[0]?.problems.join(' ')).toContain(problem);
      expect(rise.peakRss).toBeLessThan(50);
    }
  });

  it('inflates a picture once however many rows name it', async () => {
    const exam = await newExam();
    const picture = new Uint8Array(5 * MB - 1024);
    picture.set(SAMPLE.png);
    const zip = await zipOf([{ name: 'ring.png', bytes: picture }]);
    const inflated = vi.spyOn(ZipReader.prototype, 'bytes');
    try {
      const started = performance.now();
      const rise = await memoryRise(() =>
        importFile(
          exam.id,
          {
            file: csvPart(csv(...Array.from({ length: 20 }, (_, i) => row(`Q${i}`, 1, 'ring.png')))),
            images: { bytes: zip, name: 'i.zip' },
          },
          true,
        ),
      );
      say(`a ${(zip.length / 1024).toFixed(0)} KB images zip named by 20 rows`, rise, performance.now() - started);
      expect(rise.result.statusCode, rise.result.body).toBe(200);
      expect(inflated).toHaveBeenCalledTimes(1);
    } finally {
      inflated.mockRestore();
    }
  });

  it('refuses a workbook that unpacks past 50 MB before exceljs reads it (413), and one that lies about it', async () => {
    const exam = await newExam();
    const parts = (sheet: number) => [
      { name: '[Content_Types].xml', bytes: '<Types/>' },
      { name: 'xl/worksheets/sheet1.xml', zeros: sheet },
    ];
    const stated = await zipOf(parts(200 * MB));
    let started = performance.now();
    let rise = await memoryRise(() => importFile(exam.id, { file: { bytes: stated, name: 'q.xlsx' } }, true));
    say('XLSX stating 200 MB', rise, performance.now() - started);
    expectMessage(
      rise.result,
      413,
      'The workbook unpacks to more than 50 MB; a question file is far smaller. Save the questions alone, or as CSV.',
    );
    expect(rise.peakRss).toBeLessThan(50);

    const lying = claimSize(await zipOf(parts(200 * MB)), 'xl/worksheets/sheet1.xml', 1000);
    started = performance.now();
    rise = await memoryRise(() => importFile(exam.id, { file: { bytes: lying, name: 'q.xlsx' } }, true));
    say('XLSX claiming 1 KB, inflating to 200 MB', rise, performance.now() - started);
    expect(rise.result.statusCode).toBe(400);
    expect(rise.result.json<QuestionImportRefusal>().problems.map((p) => p.message)).toEqual([
      'The file could not be read as an XLSX workbook.',
    ]);
    expect(rise.peakRss).toBeLessThan(50);
  });

  it('refuses a symbolic link in the images zip', async () => {
    const exam = await newExam();
    const zip = await zipOf([{ name: 'ring.png', bytes: '/etc/passwd', mode: 0o120777 }]);
    const answer = await importFile(
      exam.id,
      { file: csvPart(csv(row('Q', 1, 'ring.png'))), images: { bytes: zip, name: 'i.zip' } },
      true,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json<QuestionImportRefusal>().problems.map((p) => p.message)).toEqual([
      'ring.png in the zip is a symbolic link; put the file itself in the zip.',
    ]);
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

  it('quotes text a spreadsheet would run as a formula, and reads its own quoted cells back as written', async () => {
    const exam = await newExam();
    const hostile = {
      questionText: '=HYPERLINK("http://evil.example","Click")',
      options: ['+2', '-1', '@SUM(A1)', "'=already quoted", '\tTab'].map((optionText, i) => ({
        optionText,
        isCorrect: i === 1,
      })),
    };
    await addQuestion(t, tutor.headers, exam.id, hostile);
    const original = essence((await t.call('GET', url(exam.id, ''), tutor.headers)).json());
    const guarded = [hostile.questionText, ...hostile.options.map((option) => option.optionText)].map(
      (text) => `'${text}`,
    );
    const csvText = (await t.call('GET', url(exam.id, '/export?format=csv'), tutor.headers)).body;
    const [, line] = Papa.parse<string[]>(csvText.replace(/^\uFEFF/, '')).data;
    expect(line?.slice(0, 6)).toEqual(guarded);
    const xlsx = await t.call('GET', url(exam.id, '/export?format=xlsx'), tutor.headers);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    expect(((workbook.worksheets[0] as ExcelJS.Worksheet).getRow(2).values as unknown[]).slice(1, 7)).toEqual(guarded);
    for (const [format, bytes] of [
      ['csv', csvText],
      ['xlsx', xlsx.rawPayload],
    ] as const) {
      const copy = await newExam();
      const answer = await importFile(copy.id, { file: { bytes, name: `export.${format}` } });
      expect(answer.statusCode, `${format}: ${answer.body}`).toBe(201);
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
