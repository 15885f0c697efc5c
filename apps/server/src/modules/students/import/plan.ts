import {
  type ImportedStudent,
  isBlank,
  newPasswordSchema,
  newUsernameSchema,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_LIMITS,
  type StudentImportReport,
  studentNameSchema,
} from '@valence/contract';
import type { StudentTable } from './read-file.js';

/** A row as read, before the database is asked about its username and course. */
export type StudentRow = {
  row: number;
  username: string;
  name: string | null;
  /** Null when blank: one is generated. */
  password: string | null;
  course: string | null;
};

/** What the database says about the rows: usernames taken (any case) and the courses they name. */
export type Lookups = {
  taken: ReadonlySet<string>;
  courses: readonly { id: number; title: string }[];
};

/** The rows of the file and the problems of the file itself (its header, its length). */
export function rowsOf(table: StudentTable): { rows: StudentRow[]; fileProblems: string[] } {
  const header = (table.rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const at = (name: string) => header.indexOf(name);
  if (at('username') < 0) {
    return {
      rows: [],
      fileProblems: [
        `Row 1: the header must name the column username (and optionally ${STUDENT_IMPORT_COLUMNS.slice(1).join(', ')}).`,
      ],
    };
  }
  const rows: StudentRow[] = [];
  let more = 0;
  for (const [index, cells] of table.rows.entries()) {
    if (index === 0 || cells.every((cell) => isBlank(cell))) continue;
    if (rows.length === STUDENT_IMPORT_LIMITS.rows) {
      more++;
      continue;
    }
    const cell = (name: string) => (at(name) >= 0 ? (cells[at(name)] ?? '') : '');
    const password = cell('password');
    const course = cell('course').trim();
    rows.push({
      row: index + 1,
      username: cell('username').trim(),
      name: cell('name'),
      password: isBlank(password) ? null : password,
      course: course === '' ? null : course,
    });
  }
  const fileProblems = more
    ? [
        `The file has ${rows.length + more} students; one import takes at most ${STUDENT_IMPORT_LIMITS.rows}. Split it into several files.`,
      ]
    : [];
  return { rows, fileProblems };
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'is not valid.');

/**
 * Every row with its problems: a bad username, one that is taken or also on an earlier row, a
 * password too short, a course no id or title names. At most `listedProblems` are listed, in file
 * order; the rest are counted.
 */
export function planStudentImport(
  format: StudentTable['format'],
  rows: readonly StudentRow[],
  fileProblems: readonly string[],
  lookups: Lookups,
): StudentImportReport {
  const report: StudentImportReport = { format, rows: [], problems: [], unlistedProblems: 0, problemCount: 0 };
  const add = (list: string[], message: string) => {
    report.problemCount++;
    if (report.problemCount - report.unlistedProblems <= STUDENT_IMPORT_LIMITS.listedProblems) list.push(message);
    else report.unlistedProblems++;
  };
  for (const message of fileProblems) add(report.problems, message);
  const firstRow = new Map<string, number>();
  const byId = new Map(lookups.courses.map((course) => [course.id, course]));
  const byTitle = new Map<string, { id: number; title: string }[]>();
  for (const course of lookups.courses) {
    const key = course.title.toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), course]);
  }
  for (const row of rows) {
    const problems: string[] = [];
    const problem = (message: string) => add(problems, `Row ${row.row}: ${message}`);
    const usernameProblem = firstIssue(newUsernameSchema.safeParse(row.username));
    const key = row.username.toLowerCase();
    if (usernameProblem) problem(usernameProblem);
    else if (firstRow.has(key)) problem(`Username '${row.username}' is also on row ${firstRow.get(key)}.`);
    else if (lookups.taken.has(key)) problem(`Username '${row.username}' is already taken.`);
    if (!firstRow.has(key)) firstRow.set(key, row.row);
    const name = studentNameSchema.safeParse(row.name);
    const nameProblem = firstIssue(name);
    if (nameProblem) problem(nameProblem);
    if (row.password !== null) {
      const passwordProblem = firstIssue(newPasswordSchema.safeParse(row.password));
      if (passwordProblem) problem(passwordProblem);
    }
    let course: { id: number; title: string } | undefined;
    if (row.course !== null) {
      const titled = byTitle.get(row.course.toLowerCase()) ?? [];
      course = /^\d{1,9}$/.test(row.course) ? (byId.get(Number(row.course)) ?? titled[0]) : titled[0];
      if (titled.length > 1 && !/^\d{1,9}$/.test(row.course))
        problem(`${titled.length} courses are titled "${row.course}"; name the course by its id.`);
      else if (!course) problem(`No course has the id or title "${row.course}".`);
    }
    report.rows.push({
      row: row.row,
      username: row.username,
      name: name.success ? name.data : null,
      generatePassword: row.password === null,
      course: row.course,
      courseId: course?.id ?? null,
      courseTitle: course?.title ?? null,
      problems,
    } satisfies ImportedStudent);
  }
  return report;
}
