import {
  type AuditPage,
  type Gradebook,
  type GradebookStats,
  type MarksSummary,
  OVERALL_STATUS_LABELS,
  statusLabel,
} from '@valence/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, submissions } from '../../db/schema.js';
import { addQuestion, createExam, enrol, examAction, uniqueIdentifier } from '../../test/exams.js';
import { expectMessageContaining, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { grade, SUBMISSIONS } from '../../test/submissions.js';

const t = useTestApp();
let tutor: Login;
let boss: Login;
let pupil: Login;
let courseId: number;
const T1 = uniqueIdentifier('GBA');
const T2 = uniqueIdentifier('GBB');
const ids: Record<string, number> = {};
let bobScript: number;

const book = (query = '', who: Login = tutor) =>
  t.call('GET', `/api/courses/${courseId}/gradebook${query}`, who.headers);
const usernames = (answer: Gradebook) => answer.items.map((row) => row.username);

/**
 * Fixture (hand-computed): T1 has an MCQ exam (published) and a PART II exam (marks unpublished);
 * T2 an MCQ exam (unpublished).
 *   alice: T1 MCQ 40, PART II 80 → 40 + 40 = 80, Fully Graded; T2 MCQ 25 → 25
 *   bob:   T1 MCQ 30, PART II handed in, unmarked → 30, Partially Graded; T2 nothing → Not Submitted
 *   carol: T1 PART II 50 only → 25, Partially Graded; T2 MCQ 50 → 50
 *   dave:  nothing
 *   eve:   not enrolled, T1 MCQ 10 (in neither the rows nor the figures)
 */
beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'gb-tutor');
  boss = await t.login('ROLE_SUPERADMIN', 'gb-owner');
  pupil = await t.login('ROLE_STUDENT', 'gb-pupil');
  courseId = (await t.createCourse(tutor.headers, 'Physical chemistry')).id;
  const t1Mcq = await createExam(t, tutor.headers, courseId, { examIdentifier: T1 });
  const t1Two = await createExam(t, tutor.headers, courseId, { examIdentifier: T1, examType: 'TRADITIONAL' });
  const t2Mcq = await createExam(t, tutor.headers, courseId, { examIdentifier: T2 });
  await addQuestion(t, tutor.headers, t1Mcq.id);
  await examAction(t, tutor.headers, t1Mcq.id);
  for (const name of ['alice', 'bob', 'carol', 'dave', 'eve']) {
    ids[name] = (await t.login('ROLE_STUDENT', name)).id;
    if (name !== 'eve') await enrol(t, tutor.headers, courseId, ids[name] as number);
  }
  const put = async (examId: number, name: string, marks: { mcqScore?: number; traditionalScore?: number }) => {
    const [row] = await t.database.db
      .insert(submissions)
      .values({ examId, studentId: ids[name] as number, ...marks })
      .returning();
    return row?.id as number;
  };
  await put(t1Mcq.id, 'alice', { mcqScore: 40 });
  await put(t1Two.id, 'alice', { traditionalScore: 80 });
  await put(t2Mcq.id, 'alice', { mcqScore: 25 });
  await put(t1Mcq.id, 'bob', { mcqScore: 30 });
  bobScript = await put(t1Two.id, 'bob', {});
  await put(t1Two.id, 'carol', { traditionalScore: 50 });
  await put(t2Mcq.id, 'carol', { mcqScore: 50 });
  await put(t1Mcq.id, 'eve', { mcqScore: 10 });
});

describe('gradebook', () => {
  it('answers every enrolled student by identifier, with the marks summary totals and statuses', async () => {
    const answer = expectStatus<Gradebook>(await book('?limit=100'), 200);
    expect(answer.columns).toEqual([
      { examIdentifier: T1, hasMcq: true, hasPartTwo: true, mcqPublished: true, partTwoPublished: false },
      { examIdentifier: T2, hasMcq: true, hasPartTwo: false, mcqPublished: false, partTwoPublished: null },
    ]);
    expect(answer.total).toBe(4);
    expect(usernames(answer)).toEqual(['alice', 'bob', 'carol', 'dave']);
    const alice = answer.items[0];
    expect(alice?.cells[0]).toEqual({ mcq: 40, partTwo: 80, total: 80, status: 'Fully Graded', unpublished: true });
    expect(answer.items[1]?.cells[0]).toEqual({
      mcq: 30,
      partTwo: null,
      total: 30,
      status: 'Partially Graded',
      unpublished: false,
    });
    expect(answer.items[1]?.cells[1]).toMatchObject({ total: null, status: 'Not Submitted' });
    expect(answer.items[2]?.cells[0]).toMatchObject({ mcq: null, partTwo: 50, total: 25 });
    expect(answer.items[3]?.cells[0]).toEqual({
      mcq: null,
      partTwo: null,
      total: null,
      status: 'Not Submitted',
      unpublished: false,
    });
    // The same students, asked one by one of the marks summary, give the same figures.
    for (const row of answer.items) {
      for (const [index, identifier] of [T1, T2].entries()) {
        const summary = expectStatus<MarksSummary>(
          await t.call(
            'GET',
            `${SUBMISSIONS}/admin/student/${row.studentId}/marks-summary/${identifier}`,
            tutor.headers,
          ),
          200,
        );
        const cell = row.cells[index];
        expect({ identifier, user: row.username, ...cell }).toMatchObject({
          mcq: summary.mcqScore,
          partTwo: summary.traditionalScore,
          total: summary.totalScore,
          status: summary.overallExamStatus,
        });
      }
    }
  });

  it('sorts by any column in SQL, absent marks last, ties by student id', async () => {
    const order = async (sort: string) => usernames(expectStatus<Gradebook>(await book(`?sort=${sort}`), 200));
    expect(await order(`-total:${T1}`)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(await order(`total:${T1}`)).toEqual(['carol', 'bob', 'alice', 'dave']);
    expect(usernames(expectStatus<Gradebook>(await book(`?sort=total:${T1}&dir=desc`), 200))).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
    ]);
    expect(await order(`mcq:${T1}`)).toEqual(['bob', 'alice', 'carol', 'dave']);
    expect(await order(`-partTwo:${T1}`)).toEqual(['alice', 'carol', 'bob', 'dave']);
    expect(await order(`-status:${T1}`)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(await order(`status:${T1}`)).toEqual(['dave', 'bob', 'carol', 'alice']);
    expect(await order(`-total:${T2}`)).toEqual(['carol', 'alice', 'bob', 'dave']);
    expect(await order('-username')).toEqual(['dave', 'carol', 'bob', 'alice']);
  });

  it('refuses a sort it does not know, and an identifier of no exam of the course', async () => {
    expectMessageContaining(await book('?sort=score'), 400, 'sort must be username');
    expectMessageContaining(await book("?sort=total:X';drop table exams;--"), 400, 'no exam identifier');
    expectMessageContaining(await book('?dir=up'), 400, 'dir must be asc or desc');
  });

  it('pages within bounds and searches by username', async () => {
    const first = expectStatus<Gradebook>(await book('?limit=3&offset=0'), 200);
    const second = expectStatus<Gradebook>(await book('?limit=3&offset=3'), 200);
    expect([usernames(first), usernames(second), first.total, second.total]).toEqual([
      ['alice', 'bob', 'carol'],
      ['dave'],
      4,
      4,
    ]);
    const past = expectStatus<Gradebook>(await book('?limit=3&offset=30'), 200);
    expect([past.items, past.total]).toEqual([[], 4]);
    expectMessageContaining(await book('?limit=101'), 400, 'limit must be at most 100');
    const search = expectStatus<Gradebook>(await book('?q=AR'), 200);
    expect([usernames(search), search.total]).toEqual([['carol'], 1]);
    expect((await t.call('GET', '/api/courses/987654/gradebook', tutor.headers)).statusCode).toBe(404);
  });

  it('answers the class figures per identifier', async () => {
    const stats = expectStatus<GradebookStats>(
      await t.call('GET', `/api/courses/${courseId}/gradebook/stats`, tutor.headers),
      200,
    );
    const bins = (filled: Record<number, number>) => Array.from({ length: 10 }, (_, i) => filled[i] ?? 0);
    expect(stats).toEqual({
      enrolled: 4,
      identifiers: [
        {
          examIdentifier: T1,
          sat: 3,
          marked: 3,
          mean: 45,
          median: 30,
          highest: 80,
          lowest: 25,
          histogram: bins({ 2: 1, 3: 1, 8: 1 }),
        },
        {
          examIdentifier: T2,
          sat: 2,
          marked: 2,
          mean: 37.5,
          median: 37.5,
          highest: 50,
          lowest: 25,
          histogram: bins({ 2: 1, 5: 1 }),
        },
      ],
    });
  });

  it('downloads the CSV: a row per enrolled student equal to the JSON rows, blanks where absent', async () => {
    const answer = await t.call('GET', `/api/courses/${courseId}/gradebook.csv`, tutor.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain('filename="Physical chemistry-gradebook.csv"');
    const parsed = Papa.parse<Record<string, string>>(answer.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields?.[0]).toBe('username');
    const json = expectStatus<Gradebook>(await book('?limit=100'), 200);
    const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
    expect(parsed.data).toEqual(
      json.items.map((row) => ({
        username: row.username,
        name: row.name ?? '',
        [`${T1} MCQ`]: text(row.cells[0]?.mcq),
        [`${T1} PART II`]: text(row.cells[0]?.partTwo),
        [`${T1} Total`]: text(row.cells[0]?.total),
        [`${T1} Status`]: statusLabel(row.cells[0]?.status, OVERALL_STATUS_LABELS),
        [`${T2} MCQ`]: text(row.cells[1]?.mcq),
        [`${T2} Total`]: text(row.cells[1]?.total),
        [`${T2} Status`]: statusLabel(row.cells[1]?.status, OVERALL_STATUS_LABELS),
      })),
    );
    expect(parsed.data[1]?.[`${T1} PART II`]).toBe('');
  });

  it('downloads the workbook: a Summary sheet and a sheet per identifier, marks as numbers', async () => {
    const answer = await t.call('GET', `/api/courses/${courseId}/gradebook.xlsx`, tutor.headers);
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', T1, T2]);
    const t1 = workbook.getWorksheet(T1) as ExcelJS.Worksheet;
    expect(t1.getRow(1).values).toEqual([
      undefined,
      'username',
      'name',
      'MCQ',
      'PART II',
      'Total',
      'Status',
      'Unpublished',
    ]);
    const alice = t1.getRow(2);
    expect([alice.getCell(1).value, alice.getCell(3).value, alice.getCell(4).value, alice.getCell(5).value]).toEqual([
      'alice',
      40,
      80,
      80,
    ]);
    expect(alice.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    expect(alice.getCell(7).value).toBe('yes');
    const summary = workbook.getWorksheet('Summary') as ExcelJS.Worksheet;
    expect(summary.getRow(4).values).toEqual([undefined, 'carol', undefined, 25, 50]);
  });

  it('is for staff: a student gets 403 and nobody signed in 401, on the page and the exports', async () => {
    for (const path of ['gradebook', 'gradebook/stats', 'gradebook.csv', 'gradebook.xlsx']) {
      expect((await t.call('GET', `/api/courses/${courseId}/${path}`, pupil.headers)).statusCode).toBe(403);
      expect((await t.call('GET', `/api/courses/${courseId}/${path}`)).statusCode).toBe(401);
    }
    expect((await book('', boss)).statusCode).toBe(200);
  });
});

describe('gradebook exports as the screen shows them', () => {
  const TITLE = 'Acids & Bases: \\ce{H2SO4} — 2026 A/L';
  const ID = uniqueIdentifier('GBX');
  /** Names a spreadsheet would run as formulas, each with the start OWASP lists. */
  const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
  let course: number;

  beforeAll(async () => {
    course = (await t.createCourse(tutor.headers, TITLE)).id;
    const mcq = await createExam(t, tutor.headers, course, { examIdentifier: ID });
    const two = await createExam(t, tutor.headers, course, { examIdentifier: ID, examType: 'TRADITIONAL' });
    for (const [i, name] of HOSTILE.entries()) {
      const student = await t.login('ROLE_STUDENT', `gbx${i}`);
      await t.database.db.update(accounts).set({ name }).where(eq(accounts.id, student.id));
      await enrol(t, tutor.headers, course, student.id);
      // A third of 50 marks... 100/3 is 33.333333333333336 as a double; the PART II script is unmarked.
      if (i === 0) {
        await t.database.db.insert(submissions).values({ examId: mcq.id, studentId: student.id, mcqScore: 100 / 3 });
        await t.database.db.insert(submissions).values({ examId: two.id, studentId: student.id });
      }
    }
  });

  it('writes marks to two decimals and statuses in the words the portal shows, in the CSV', async () => {
    const answer = await t.call('GET', `/api/courses/${course}/gradebook.csv`, tutor.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('33.333');
    expect(answer.body).not.toContain('Graded');
    const [first] = Papa.parse<Record<string, string>>(answer.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(first).toMatchObject({
      [`${ID} MCQ`]: '33.33',
      [`${ID} PART II`]: '',
      [`${ID} Total`]: '33.33',
      [`${ID} Status`]: 'Partially Marked',
    });
  });

  it('writes marks to two decimals and statuses in the words the portal shows, in the workbook', async () => {
    const answer = await t.call('GET', `/api/courses/${course}/gradebook.xlsx`, tutor.headers);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const first = (workbook.getWorksheet(ID) as ExcelJS.Worksheet).getRow(2);
    expect([first.getCell(3).value, first.getCell(5).value, first.getCell(6).value]).toEqual([
      33.33,
      33.33,
      'Partially Marked',
    ]);
    expect((workbook.getWorksheet('Summary') as ExcelJS.Worksheet).getRow(2).getCell(3).value).toBe(33.33);
  });

  it('prefixes with a quote every text cell a spreadsheet would run as a formula, in the CSV and the workbook', async () => {
    const csv = await t.call('GET', `/api/courses/${course}/gradebook.csv`, tutor.headers);
    const names = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data.map((row) => row.name);
    expect(names).toEqual(HOSTILE.map((name) => `'${name}`));
    const answer = await t.call('GET', `/api/courses/${course}/gradebook.xlsx`, tutor.headers);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    for (const sheet of ['Summary', ID]) {
      const column = (workbook.getWorksheet(sheet) as ExcelJS.Worksheet)
        .getColumn(2)
        .values.slice(2, 2 + HOSTILE.length);
      // XML reads a bare carriage return back as a line feed.
      expect(column).toEqual(HOSTILE.map((name) => `'${name.replace('\r', '\n')}`));
    }
  });

  it('names the download after the course, words and all, with an ASCII fallback that keeps the ASCII words', async () => {
    for (const extension of ['csv', 'xlsx']) {
      const answer = await t.call('GET', `/api/courses/${course}/gradebook.${extension}`, tutor.headers);
      const name = `Acids & Bases- H2SO4 — 2026 A-L-gradebook.${extension}`;
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="Acids & Bases- H2SO4 - 2026 A-L-gradebook.${extension}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
    const sinhala = (await t.createCourse(tutor.headers, 'රසායන විද්‍යාව 2026')).id;
    const answer = await t.call('GET', `/api/courses/${sinhala}/gradebook.csv`, tutor.headers);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="2026-gradebook.csv"; filename*=UTF-8''${encodeURIComponent('රසායන විද්‍යාව 2026-gradebook.csv')}`,
    );
  });
});

describe('audit log', () => {
  const audit = (query = '', who: Login = boss) => t.call('GET', `/api/audit${query}`, who.headers);

  it('shows a grade with its before and after, filtered by kind and person, newest first', async () => {
    expect((await grade(t, tutor.headers, bobScript, { traditionalScore: '60' })).statusCode).toBe(200);
    const page = expectStatus<AuditPage>(await audit('?action=submission.grade'), 200);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      actorId: tutor.id,
      actorUsername: 'gb-tutor',
      action: 'submission.grade',
      target: `submission:${bobScript}`,
      before: { traditionalScore: null, hadFeedback: false },
      after: { traditionalScore: 60 },
      details: { studentId: ids.bob, examIdentifier: T1 },
    });
    const published = expectStatus<AuditPage>(await audit('?action=exam.publish'), 200);
    expect(published.items.map((entry) => [entry.action, entry.actorUsername])).toEqual([['exam.publish', 'gb-tutor']]);
    const byName = expectStatus<AuditPage>(await audit('?actor=GB-TUTOR&limit=100'), 200);
    const byId = expectStatus<AuditPage>(await audit(`?actor=${tutor.id}&limit=100`), 200);
    expect(byName.items.map((entry) => entry.id)).toEqual(byId.items.map((entry) => entry.id));
    expect(byName.items.map((entry) => entry.action)).toEqual(['submission.grade', 'exam.publish']);
    expect(byName.total).toBe(2);
    const actions = expectStatus<string[]>(await t.call('GET', '/api/audit/actions', boss.headers), 200);
    expect(actions).toEqual(expect.arrayContaining(['exam.publish', 'submission.grade']));
    expect(actions).toEqual([...actions].sort());
  });

  it('filters by day in the platform time zone and refuses a bad range', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Colombo' }).format(new Date());
    const inRange = expectStatus<AuditPage>(await audit(`?from=${today}&to=${today}&action=exam.publish`), 200);
    expect(inRange.total).toBe(1);
    const later = expectStatus<AuditPage>(await audit('?from=2099-01-01'), 200);
    expect([later.items, later.total]).toEqual([[], 0]);
    expectMessageContaining(await audit('?from=2026-05-02&to=2026-05-01'), 400, 'from must not be after to.');
    expectMessageContaining(await audit('?from=2026-02-30'), 400, 'from:');
    expectMessageContaining(await audit('?limit=500'), 400, 'limit must be at most 100');
  });

  it('is the superadmin’s alone', async () => {
    expect((await audit('', tutor)).statusCode).toBe(403);
    expect((await audit('', pupil)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/audit')).statusCode).toBe(401);
  });
});
