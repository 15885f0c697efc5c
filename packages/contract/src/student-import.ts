import { z } from 'zod';

/**
 * Importing student accounts from a CSV or XLSX file.
 *
 * POST /api/students/import (multipart `file`, `?dryRun=true` to check without saving) reads the
 * columns username, name, password and course (any order, any case; name, password and course may
 * be left out). A blank password is generated; a course, named by id or title, enrols the student
 * there. The answer is a report of every row with its problems. All or nothing: any problem answers
 * 400 with the report and creates nobody; otherwise every account is created in one transaction.
 */

export const STUDENT_IMPORT_LIMITS = {
  /** Students in one file. */
  rows: 2000,
  /** The file itself. */
  fileMaxBytes: 2 * 1024 * 1024,
  /** Problems listed in a report; the rest are only counted (`unlistedProblems`). */
  listedProblems: 200,
} as const;

/** The header's columns, in the order a template lists them; only `username` is required. */
export const STUDENT_IMPORT_COLUMNS = ['username', 'name', 'password', 'course'] as const;

/** The file picker's `accept`. */
export const STUDENT_IMPORT_ACCEPT = '.csv,.xlsx,text/csv';

export const studentImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { message: 'dryRun must be true or false.' }).optional(),
});

/** One row of the file as read; a password given in the file is never sent back. */
export const importedStudentSchema = z.object({
  /** The spreadsheet row, counting the header as row 1. */
  row: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  /** True when the password column was blank: one is generated and shown once when imported. */
  generatePassword: z.boolean(),
  /** The course as the file names it (an id or a title); null for none. */
  course: z.string().nullable(),
  /** The course it names, when found. */
  courseId: z.number().int().nullable(),
  courseTitle: z.string().nullable(),
  /** Everything wrong with the row, each sentence starting `Row {row}: `; empty when fine. */
  problems: z.array(z.string()),
});
export type ImportedStudent = z.infer<typeof importedStudentSchema>;

export const studentImportReportSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  rows: z.array(importedStudentSchema),
  /** Problems of the file rather than of a row (the header, too many rows), each a sentence. */
  problems: z.array(z.string()),
  /** Problems found beyond the `STUDENT_IMPORT_LIMITS.listedProblems` listed: counted, not sent. */
  unlistedProblems: z.number().int(),
  /** Every problem, listed or not: 0 means the import can be (or was) made. */
  problemCount: z.number().int(),
});
export type StudentImportReport = z.infer<typeof studentImportReportSchema>;

/** An account the import created; `password` only when it was generated, and only in this answer. */
export const importedAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  password: z.string().nullable(),
  courseId: z.number().int().nullable(),
  courseTitle: z.string().nullable(),
});
export type ImportedAccount = z.infer<typeof importedAccountSchema>;

/** 200 for a dry run (`created` empty), 201 for an import. */
export const studentImportResultSchema = studentImportReportSchema.extend({
  dryRun: z.boolean(),
  created: z.array(importedAccountSchema),
});
export type StudentImportResult = z.infer<typeof studentImportResultSchema>;

/** The 400 answer when anything in the file is wrong: a summary sentence and the whole report. */
export const studentImportRefusalSchema = studentImportReportSchema.extend({ message: z.string() });
export type StudentImportRefusal = z.infer<typeof studentImportRefusalSchema>;

/** The created accounts as a CSV to hand out (generated passwords included), one line a student. */
export function importedAccountsCsv(accounts: readonly ImportedAccount[]): string {
  const cell = (value: string | null) => {
    const text = value ?? '';
    // A leading = + - @ would run as a formula in a spreadsheet.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [
    'username,name,password,course',
    ...accounts.map((a) => [a.username, a.name, a.password, a.courseTitle].map(cell).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
