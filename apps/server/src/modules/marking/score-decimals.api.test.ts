import {
  type Exam,
  type Gradebook,
  MARKING_MESSAGES,
  type MarksSummary,
  type StudioScript,
  SUBMISSION_MESSAGES,
  type Submission,
} from '@valence/contract';
import { asc, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { submissions } from '../../db/schema.js';
import { createExam, EXAMS, enrol, examAction, uniqueIdentifier } from '../../test/exams.js';
import { expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { SAMPLE, sendForm } from '../../test/multipart.js';
import { grade, SUBMISSIONS, uploadAnswer } from '../../test/submissions.js';
import { sumMismatch } from './marked-paper.js';

/**
 * Marks of two decimals survive the whole trip: typed, checked, stored and read back as the very
 * number typed (8.2, not 8.200000000000001 nor a refusal), on PGlite and on PostgreSQL alike.
 */
const t = useTestApp();
let tutor: Login;
let courseId: number;
let plain: Exam;
const FUTURE = '2030-12-01T10:00';
/** The values reported refused, and the ends of the range. */
const TRICKY = ['8.2', '1.1', '64.1', '4.35', '0.07', '100', '0', '99.99'];
const pupils: Login[] = [];

const scriptsOf = async (examId: number) =>
  expectStatus<Submission[]>(await t.call('GET', `${SUBMISSIONS}/exam/${examId}`, tutor.headers), 200);
const scoreOf = async (examId: number, studentId: number) =>
  (await scriptsOf(examId)).find((row) => row.studentId === studentId)?.traditionalScore;
const storedOf = async (examId: number) =>
  (
    await t.database.db
      .select({ studentId: submissions.studentId, score: submissions.traditionalScore })
      .from(submissions)
      .where(eq(submissions.examId, examId))
      .orderBy(asc(submissions.id))
  ).map((row) => row.score);

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'decimals-tutor');
  courseId = (await t.createCourse(tutor.headers, 'Analytical chemistry')).id;
  plain = await createExam(t, tutor.headers, courseId, {
    examIdentifier: uniqueIdentifier('DEC'),
    examType: 'TRADITIONAL',
    dueDate: FUTURE,
  });
  await examAction(t, tutor.headers, plain.id);
  for (let i = 0; i < TRICKY.length; i++) {
    const pupil = await t.login('ROLE_STUDENT', `decimals${i}`);
    pupils.push(pupil);
    await enrol(t, tutor.headers, courseId, pupil.id);
    expect((await uploadAnswer(t, pupil.headers, plain.id)).statusCode).toBe(201);
  }
});

describe('a PART II score of two decimals', () => {
  it('is taken as typed and read back exactly: grade answer, list, marks summary, gradebook, stored row', async () => {
    const list = await scriptsOf(plain.id);
    for (const [i, text] of TRICKY.entries()) {
      const pupil = pupils[i] as Login;
      const id = (list.find((row) => row.studentId === pupil.id) as Submission).id;
      const answer = await grade(t, tutor.headers, id, { traditionalScore: text });
      expect(answer.statusCode, `${text}: ${answer.body}`).toBe(200);
      expect(answer.json().traditionalScore).toBe(Number(text));
    }
    const expected = TRICKY.map(Number);
    const listed = await scriptsOf(plain.id);
    expect(pupils.map((pupil) => listed.find((row) => row.studentId === pupil.id)?.traditionalScore)).toEqual(expected);
    expect(await storedOf(plain.id)).toEqual(expected);
    const summaries = [];
    for (const pupil of pupils) {
      const summary = await t.call(
        'GET',
        `${SUBMISSIONS}/admin/student/${pupil.id}/marks-summary/${plain.examIdentifier}`,
        tutor.headers,
      );
      summaries.push(expectStatus<MarksSummary>(summary, 200).traditionalScore);
    }
    expect(summaries).toEqual(expected);
    const book = expectStatus<Gradebook>(
      await t.call('GET', `/api/courses/${courseId}/gradebook?limit=50`, tutor.headers),
      200,
    );
    const column = book.columns.findIndex((c) => c.examIdentifier === plain.examIdentifier);
    const cells = pupils.map((pupil) => book.items.find((row) => row.studentId === pupil.id)?.cells[column]?.partTwo);
    expect(cells).toEqual(expected);
    // The JSON itself carries the short decimal, as a client that prints it raw would show it.
    expect(JSON.stringify(cells)).toBe(`[${TRICKY.join(',')}]`);
  });

  it('takes "8.20", " 8.2 " and ".5"; refuses a third decimal and what is not a number as written', async () => {
    const pupil = pupils[0] as Login;
    const id = (await scriptsOf(plain.id)).find((row) => row.studentId === pupil.id)?.id as number;
    for (const [text, value] of [
      ['8.20', 8.2],
      [' 8.2 ', 8.2],
      ['64.100', 64.1],
      ['.5', 0.5],
    ] as const) {
      expect(
        expectStatus<Submission>(await grade(t, tutor.headers, id, { traditionalScore: text }), 200),
      ).toMatchObject({ traditionalScore: value });
      expect(await scoreOf(plain.id, pupil.id)).toBe(value);
    }
    for (const [text, message] of [
      ['8.201', SUBMISSION_MESSAGES.scoreRange],
      ['8.2000000000000001', SUBMISSION_MESSAGES.scoreRange],
      ['100.01', SUBMISSION_MESSAGES.scoreRange],
      ['8.', SUBMISSION_MESSAGES.scoreNumber],
      ['-0', SUBMISSION_MESSAGES.scoreNumber],
      ['1e1', SUBMISSION_MESSAGES.scoreNumber],
    ] as const) {
      expectMessage(await grade(t, tutor.headers, id, { traditionalScore: text }), 400, message);
    }
    expect(await scoreOf(plain.id, pupil.id)).toBe(0.5);
  });

  it('gives back every one of the 10,001 hundredths 0.00–100.00 as stored, through the driver as the API reads it', async () => {
    const exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: FUTURE });
    const expected = Array.from({ length: 10_001 }, (_, n) => n / 100);
    // One script per value, the values sent as one float8[] parameter as the driver writes numbers.
    await t.database.db.execute(sql`
      with v as (select * from unnest(${sql.param(expected)}::float8[]) with ordinality as v(score, n)),
      made as (
        insert into accounts (username, password_hash, role)
        select 'hundredth-' || n, 'x', 'ROLE_STUDENT' from v
        returning id, username
      )
      insert into submissions (exam_id, student_id, traditional_score)
      select ${exam.id}::int, made.id, v.score from made join v on made.username = 'hundredth-' || v.n`);
    const drizzleRows = await t.database.db
      .select({ score: submissions.traditionalScore })
      .from(submissions)
      .where(eq(submissions.examId, exam.id))
      .orderBy(asc(submissions.traditionalScore));
    expect(drizzleRows.map((row) => row.score)).toEqual(expected);
    // The gradebook's raw statements read the column with Number() over what the driver answers.
    const result = await t.database.db.execute(
      sql`select traditional_score as score from submissions where exam_id = ${exam.id}::int order by 1`,
    );
    const raw = rowsOf<{ score: unknown }>(result).map((row) => Number(row.score));
    expect(raw).toEqual(expected);
    expect(raw.map(String)).toEqual(expected.map(String));
  });
});

describe('marks of two decimals per question, sent as JSON numbers', () => {
  it('keeps a scheme maximum of 8.2 and question marks that add up to 8.2 or 72.3, read back exactly', async () => {
    // A maximum of 8.2 was itself refused as having more than two decimals.
    const schemed = await createExam(t, tutor.headers, courseId, {
      examIdentifier: uniqueIdentifier('SCHEME'),
      examType: 'TRADITIONAL',
      dueDate: FUTURE,
      markScheme: [
        { label: 'Q1', maxMarks: 8.2 },
        { label: 'Q2', maxMarks: 91.8 },
      ],
    });
    await examAction(t, tutor.headers, schemed.id);
    expect(schemed.markScheme.map((q) => q.maxMarks)).toEqual([8.2, 91.8]);
    const pupil = pupils[0] as Login;
    // A Word script: nothing is drawn, so only the marks are under test here.
    const essay = { bytes: SAMPLE.docx, name: 'essay.docx' };
    expect((await uploadAnswer(t, pupil.headers, schemed.id, essay)).statusCode).toBe(201);
    const id = (await scriptsOf(schemed.id)).find((row) => row.studentId === pupil.id)?.id as number;
    const script = async () =>
      expectStatus<StudioScript>(await t.call('GET', `${SUBMISSIONS}/${id}/script`, tutor.headers), 200);
    for (const [marks, score] of [
      ['[8.2, 64.1]', '72.3'],
      ['[4.1, 4.1]', '8.2'],
      ['[0.07, 4.35]', undefined],
    ] as const) {
      const answer = await grade(t, tutor.headers, id, {
        questionMarks: marks,
        ...(score ? { traditionalScore: score } : {}),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const sum = score ? Number(score) : 4.42;
      expect(answer.json().traditionalScore).toBe(sum);
      expect(await script()).toMatchObject({ traditionalScore: sum, questionMarks: JSON.parse(marks) });
      expect(await scoreOf(schemed.id, pupil.id)).toBe(sum);
    }
    expectMessage(
      await grade(t, tutor.headers, id, { questionMarks: '[8.2, 64.1]', traditionalScore: '72.31' }),
      400,
      sumMismatch(72.31, 72.3),
    );
    for (const marks of ['[8.201, 0]', '[8.2, 0.001]', '[8.2000001, 1]']) {
      expectMessage(await grade(t, tutor.headers, id, { questionMarks: marks }), 400, MARKING_MESSAGES.questionMarks);
    }
    expect(await scoreOf(schemed.id, pupil.id)).toBe(4.42);
  });

  it('takes a mark scheme of 8.2, 1.1, 64.1, 4.35, 0.07 and the rest to 100, and refuses 8.201', async () => {
    const exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: FUTURE });
    const put = (markScheme: unknown) =>
      t.call('PUT', `${EXAMS}/${exam.id}/mark-scheme`, tutor.headers, { markScheme });
    const scheme = ['8.2', '1.1', '64.1', '4.35', '0.07', '22.18'].map((max, i) => ({
      label: `Q${i + 1}`,
      maxMarks: Number(max),
    }));
    expect(expectStatus(await put(scheme), 200)).toEqual({ markScheme: scheme });
    expectMessage(
      await put([
        { label: 'Q1', maxMarks: 8.201 },
        { label: 'Q2', maxMarks: 91.799 },
      ]),
      400,
      'Marks have at most two decimals.',
    );
  });
});

describe('marks.csv in a returned zip', () => {
  it('sets scores of two decimals such as 8.2 exactly, and refuses 8.201 on its line', async () => {
    const csv = (lines: string[]) => ['username,score,feedback', ...lines].join('\n');
    const send = async (lines: string[]) => {
      const zip = new JSZip();
      zip.file('marks.csv', csv(lines));
      return sendForm(t, 'POST', `${EXAMS}/${plain.id}/marked-papers?dryRun=false`, tutor.headers, {
        file: { bytes: await zip.generateAsync({ type: 'nodebuffer' }), name: 'marked.zip' },
      });
    };
    const refused = await send(['decimals0,8.2,', 'decimals1,8.201,']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      marks: { rows: 2, errors: [{ line: 3, message: SUBMISSION_MESSAGES.scoreRange }] },
      applied: 0,
    });
    const reversed = [...TRICKY].reverse();
    const answer = await send(reversed.map((score, i) => `decimals${i},${score},`));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ marks: { rows: TRICKY.length, errors: [] } });
    expect(await storedOf(plain.id)).toEqual(reversed.map(Number));
  });
});
