import type { ImportedAccount, StudentImportReport } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../../lib/audit.js';
import { generatePassword, hashPassword } from '../../../lib/passwords.js';
import type { Principal } from '../../../lib/principal.js';
import { planStudentImport, rowsOf } from './plan.js';
import type { StudentTable } from './read-file.js';

type Deps = Pick<FastifyInstance, 'db' | 'accounts' | 'courses' | 'enrollments'>;

/** The file's rows checked against the accounts and courses there are now. */
export async function checkStudentFile(
  deps: Deps,
  table: StudentTable,
): Promise<{ report: StudentImportReport; passwords: Map<number, string> }> {
  const { rows, fileProblems } = rowsOf(table);
  // The passwords the file gives, by row: kept here, never put in a report.
  const passwords = new Map(rows.flatMap((row) => (row.password === null ? [] : [[row.row, row.password] as const])));
  const taken = new Set(
    (await deps.accounts.takenUsernames(rows.map((row) => row.username))).map((u) => u.toLowerCase()),
  );
  const named = rows.flatMap((row) => (row.course === null ? [] : [row.course]));
  const ids = named.filter((course) => /^\d{1,9}$/.test(course)).map(Number);
  const courses = await deps.courses.findByIdsOrTitles([...new Set(ids)], named);
  return { report: planStudentImport(table.format, rows, fileProblems, { taken, courses }), passwords };
}

/**
 * Creates every student of a report without problems, and their enrolments, in one transaction:
 * all or none. Passwords are hashed (and generated for blank ones) before it begins. Answers the
 * accounts with each generated password: the only time it is shown.
 */
export async function importStudents(
  deps: Deps,
  actor: Principal,
  report: StudentImportReport,
  passwords: ReadonlyMap<number, string>,
): Promise<ImportedAccount[]> {
  const prepared: { row: StudentImportReport['rows'][number]; generated: string | null; passwordHash: string }[] = [];
  for (const row of report.rows) {
    const generated = row.generatePassword ? generatePassword() : null;
    const password = generated ?? (passwords.get(row.row) as string);
    prepared.push({ row, generated, passwordHash: await hashPassword(password) });
  }
  return deps.db.transaction(async (tx) => {
    const created = await deps.accounts.createStudents(
      tx,
      prepared.map(({ row, passwordHash }) => ({ username: row.username, name: row.name, passwordHash })),
    );
    const byCourse = new Map<number, number[]>();
    for (const [index, { row }] of prepared.entries()) {
      if (row.courseId === null) continue;
      byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), (created[index] as { id: number }).id]);
    }
    for (const [courseId, studentIds] of byCourse) await deps.enrollments.enrolNewStudents(tx, courseId, studentIds);
    await audit(tx, actor, 'student.import', 'students', {
      created: created.length,
      generatedPasswords: prepared.filter((p) => p.generated).length,
      courses: [...byCourse.keys()],
    });
    return prepared.map(({ row, generated }, index) => ({
      id: (created[index] as { id: number }).id,
      username: (created[index] as { username: string }).username,
      name: row.name,
      password: generated,
      courseId: row.courseId,
      courseTitle: row.courseTitle,
    }));
  });
}
