import type { StudentImportRefusal, StudentImportResult } from '@valence/contract';
import { importedAccountsCsv } from '@valence/contract';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, enrollments } from '../../../db/schema.js';
import { createTestApp, expectMessage, type Login, type TestApp } from '../../../test/harness.js';
import { sendForm } from '../../../test/multipart.js';

let t: TestApp;
let tutor: Login;
let theory: { id: number; title: string };
let revision: { id: number; title: string };

beforeAll(async () => {
  t = await createTestApp();
  tutor = await t.login('ROLE_ADMIN', 'import-tutor');
  theory = await t.createCourse(tutor.headers, '2026 A/L Chemistry – Theory', 'Theory');
  revision = await t.createCourse(tutor.headers, 'Revision', 'Past papers');
});
afterAll(() => t.close());

const send = (
  file: string | Uint8Array | null,
  { dryRun = false, headers = tutor.headers, name = 'students.csv' } = {},
) =>
  sendForm(t, 'POST', `/api/students/import${dryRun ? '?dryRun=true' : ''}`, headers, {
    file: file === null ? null : { bytes: file, name },
  });
const students = async () =>
  (await t.database.db.select({ n: count() }).from(accounts).where(eq(accounts.role, 'ROLE_STUDENT')))[0]?.n ?? 0;

async function xlsxOf(rows: string[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('POST /api/students/import', () => {
  it('checks a CSV file without creating anyone on a dry run', async () => {
    const before = await students();
    const answer = await send(
      ['Username,Name,Password,Course', 'nimal.perera,Nimal Perera,secret-pw,Revision', `kavya.s,,,${theory.id}`].join(
        '\n',
      ),
      { dryRun: true },
    );
    expect(answer.statusCode).toBe(200);
    const result = answer.json() as StudentImportResult;
    expect(result).toMatchObject({ format: 'csv', dryRun: true, created: [], problemCount: 0, problems: [] });
    expect(result.rows).toEqual([
      {
        row: 2,
        username: 'nimal.perera',
        name: 'Nimal Perera',
        generatePassword: false,
        course: 'Revision',
        courseId: revision.id,
        courseTitle: 'Revision',
        problems: [],
      },
      {
        row: 3,
        username: 'kavya.s',
        name: null,
        generatePassword: true,
        course: String(theory.id),
        courseId: theory.id,
        courseTitle: theory.title,
        problems: [],
      },
    ]);
    // The file's password is never sent back.
    expect(answer.body).not.toContain('secret-pw');
    expect(await students()).toBe(before);
  });

  it('reports every problem by row and creates nobody, dry run or not', async () => {
    await t.createStudent(tutor.headers, 'Taken.Student');
    const file = [
      'username,password,course',
      'ok.student,good-pw1,',
      'taken.student,,',
      'import-TUTOR,,',
      'x,,',
      'twice,,',
      'TWICE,,',
      'short.pw,abc,',
      'lost.course,,Organic Chemistry',
      `lost.id,,987654`,
    ].join('\n');
    const before = await students();
    for (const dryRun of [true, false]) {
      const answer = await send(file, { dryRun });
      expect(answer.statusCode).toBe(400);
      const refusal = answer.json() as StudentImportRefusal;
      expect(refusal.message).toBe('The file has 7 problems; nobody was imported.');
      expect(refusal.problemCount).toBe(7);
      expect(refusal.rows.flatMap((row) => row.problems)).toEqual([
        "Row 3: Username 'taken.student' is already taken.",
        "Row 4: Username 'import-TUTOR' is already taken.",
        'Row 5: Username must be at least 3 characters.',
        "Row 7: Username 'TWICE' is also on row 6.",
        'Row 8: Password must be at least 6 characters.',
        'Row 9: No course has the id or title "Organic Chemistry".',
        'Row 10: No course has the id or title "987654".',
      ]);
    }
    expect(await students()).toBe(before);
  });

  it('creates every student in one go, enrols them, and shows generated passwords once', async () => {
    const answer = await send(
      [
        'username,name,password,course',
        'amaya.f,Amaya Fernando,amaya-pw-1,revision',
        'dinesh.k,Dinesh Kumar,,',
        `saman.j,,,${theory.id}`,
      ].join('\r\n'),
    );
    expect(answer.statusCode).toBe(201);
    const result = answer.json() as StudentImportResult;
    expect(result.dryRun).toBe(false);
    expect(result.created.map(({ username, name, courseId }) => ({ username, name, courseId }))).toEqual([
      { username: 'amaya.f', name: 'Amaya Fernando', courseId: revision.id },
      { username: 'dinesh.k', name: 'Dinesh Kumar', courseId: null },
      { username: 'saman.j', name: null, courseId: theory.id },
    ]);
    const [given, dinesh, saman] = result.created;
    expect(given?.password).toBeNull();
    expect(dinesh?.password).toMatch(/^.{12,}$/);
    expect(saman?.password).not.toBe(dinesh?.password);
    // Each can sign in: with the file's password, or the one generated.
    expect((await t.signin('amaya.f', 'amaya-pw-1')).statusCode).toBe(200);
    expect((await t.signin('dinesh.k', dinesh?.password as string)).statusCode).toBe(200);
    const enrolled = await t.database.db
      .select({ courseId: enrollments.courseId, status: enrollments.status })
      .from(enrollments)
      .where(eq(enrollments.studentId, saman?.id as number));
    expect(enrolled).toEqual([{ courseId: theory.id, status: 'ACTIVE' }]);
    // The CSV to hand out lists them with the generated passwords.
    expect(importedAccountsCsv(result.created).split('\r\n')).toEqual([
      'username,name,password,course',
      'amaya.f,Amaya Fernando,,Revision',
      `dinesh.k,Dinesh Kumar,${dinesh?.password},`,
      `saman.j,,${saman?.password},${theory.title}`,
      '',
    ]);
    // A second import of the same file is refused: every username is taken now.
    const again = await send(['username', 'amaya.f'].join('\n'));
    expect((again.json() as StudentImportRefusal).rows[0]?.problems).toEqual([
      "Row 2: Username 'amaya.f' is already taken.",
    ]);
  });

  it('reads an XLSX workbook the same way', async () => {
    const bytes = await xlsxOf([
      ['USERNAME', 'Course', 'Name'],
      ['ruwan.x', 'Revision', 'Ruwan Silva'],
      ['', '', ''],
      ['tharu.x', '', ''],
    ]);
    const check = await send(bytes, { dryRun: true, name: 'class.xlsx' });
    expect(check.statusCode).toBe(200);
    expect((check.json() as StudentImportResult).rows.map((row) => [row.row, row.username, row.courseId])).toEqual([
      [2, 'ruwan.x', revision.id],
      [4, 'tharu.x', null],
    ]);
    const answer = await send(bytes, { name: 'class.xlsx' });
    expect(answer.statusCode).toBe(201);
    const created = (answer.json() as StudentImportResult).created;
    expect(created.map((a) => [a.username, a.name, typeof a.password])).toEqual([
      ['ruwan.x', 'Ruwan Silva', 'string'],
      ['tharu.x', null, 'string'],
    ]);
  });

  it('lists the first 200 problems and counts the rest', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => `s${index}x,abc`);
    const answer = await send(['username,password', ...rows].join('\n'), { dryRun: true });
    const refusal = answer.json() as StudentImportRefusal;
    expect(refusal).toMatchObject({ problemCount: 250, unlistedProblems: 50 });
    expect(refusal.rows.flatMap((row) => row.problems)).toHaveLength(200);
    expect(refusal.message).toBe(
      'The file has 250 problems; nobody was imported. The first 200 are listed; 50 more are only counted.',
    );
  });

  it('refuses a file it cannot read, without a username column, or with nobody in it', async () => {
    expectMessage(await send(null), 400, 'Choose a CSV or XLSX file of students to import (file).');
    expectMessage(
      await send(new Uint8Array([0xff, 0xfe, 0x00, 0x41])),
      400,
      'The file is neither an XLSX workbook nor UTF-8 text: save it as CSV UTF-8 or as XLSX.',
    );
    const noHeader = (await send('name,password\nNimal,secret-pw')).json() as StudentImportRefusal;
    expect(noHeader.problems).toEqual([
      'Row 1: the header must name the column username (and optionally name, password, course).',
    ]);
    expectMessage(await send('username\n\n'), 400, 'The file holds no students.');
  });

  it('is for staff only', async () => {
    const student = await t.login('ROLE_STUDENT');
    expect((await send('username\nsneaky.one', { headers: student.headers })).statusCode).toBe(403);
    const anonymous = await sendForm(
      t,
      'POST',
      '/api/students/import',
      {},
      { file: { bytes: 'username\nsneaky.one' } },
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
