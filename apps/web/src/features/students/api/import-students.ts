import {
  type StudentImportRefusal,
  type StudentImportResult,
  studentImportRefusalSchema,
  studentImportResultSchema,
} from '@valence/contract';
import { ApiError, client, formBody, read } from '../../../lib/api-client';
import { changeHook, mutationHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

function sendImport(file: File, dryRun: boolean): Promise<StudentImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return read(
    client.POST('/students/import', { params: { query: dryRun ? { dryRun: 'true' } : {} }, body: formBody(form) }),
    studentImportResultSchema,
  );
}

/** Reads the file and reports every row and problem in it; nobody is created. */
export const checkStudentImport = (file: File) => sendImport(file, true);

/** Creates every student of the file, or none: a file with any problem is refused with its report. */
export const importStudents = (file: File) => sendImport(file, false);

/** The report a refused import (400) carries, or null when the failure was something else. */
export function refusedStudentImport(error: unknown): StudentImportRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const parsed = studentImportRefusalSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** A check changes nothing, so it neither refreshes a list nor says anything on the page. */
export const useCheckStudentImport = mutationHook(checkStudentImport, () => ({}));

/**
 * New students, some enrolled: the lists of students, the enrolments (and each course's count), and
 * what lists a course's class. The dialog shows the result itself (the passwords to hand out).
 */
export const useImportStudents = changeHook(importStudents, {
  meta: {
    success: (_file: File, data: StudentImportResult) =>
      `${data.created.length} student${data.created.length === 1 ? '' : 's'} imported.`,
  },
  invalidates: [
    keys.students.all,
    keys.enrollments.all,
    keys.courses.all,
    keys.gradebook.all,
    keys.watchCoverage.all,
    keys.scores.all,
  ],
});
