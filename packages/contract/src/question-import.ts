import { z } from 'zod';
import { mcqQuestionSchema } from './exams.js';

/**
 * Importing MCQ questions from a file and exporting an exam's questions to one.
 *
 * POST /api/v1/exams/{examId}/mcq-questions/import (multipart `file`, optional `images` zip,
 * `?dryRun=true` to check without saving) answers a report: every question read from the file, each
 * with its own problems in the add-many form's numbered words (`Question 3: …`), and the problems of
 * the file itself, which name a line (Aiken, GIFT) or a row (CSV, XLSX; the header is row 1).
 * All or nothing: any problem answers 400 with the report and saves nothing.
 */

/** What the import reads; which one is told by the file's content and, for text, its extension. */
export const QUESTION_IMPORT_FORMATS = ['csv', 'xlsx', 'aiken', 'gift'] as const;
export type QuestionImportFormat = (typeof QUESTION_IMPORT_FORMATS)[number];

/** What the export writes: each one the import reads back to the same questions. */
export const QUESTION_EXPORT_FORMATS = ['csv', 'xlsx', 'aiken'] as const;
export type QuestionExportFormat = (typeof QUESTION_EXPORT_FORMATS)[number];

export const QUESTION_IMPORT_LIMITS = {
  /** Questions in one file. */
  questions: 500,
  /** The question file itself (CSV, XLSX, Aiken or GIFT). */
  fileMaxBytes: 5 * 1024 * 1024,
  /** The zip of pictures named by the `image` column. */
  imagesMaxBytes: 20 * 1024 * 1024,
  /** Problems of the file itself listed in a report; the rest are only counted (`unlistedProblems`). */
  listedProblems: 200,
} as const;

/** The columns of a CSV or XLSX file, in the order the export writes them (`image` may be left out). */
export const QUESTION_IMPORT_COLUMNS = [
  'question',
  'option1',
  'option2',
  'option3',
  'option4',
  'option5',
  'correct',
  'image',
] as const;

/** The file picker's `accept` for the question file and for the pictures' zip. */
export const QUESTION_IMPORT_ACCEPT = '.csv,.xlsx,.txt,.gift,.aiken,text/csv,text/plain';
export const QUESTION_IMAGES_ACCEPT = '.zip,application/zip';

export const questionImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { message: 'dryRun must be true or false.' }).optional(),
});

export const questionExportQuerySchema = z.object({
  format: z.enum(QUESTION_EXPORT_FORMATS, { message: 'format must be csv, xlsx or aiken.' }),
});

/** Where in the file something was read: a line of a text file or a row of a spreadsheet (1-based). */
const placeSchema = {
  /** Aiken and GIFT: the line the question (or problem) starts on; null for CSV and XLSX. */
  line: z.number().int().nullable(),
  /** CSV and XLSX: the row, counting the header as row 1; null for Aiken and GIFT. */
  row: z.number().int().nullable(),
};

/**
 * One question as read from the file, before anything is saved. A report holds at most as many as
 * one import takes (`QUESTION_IMPORT_LIMITS.questions`): a longer file is refused, its first ones shown.
 */
export const importedQuestionSchema = z.object({
  /** 1-based, in file order: the `n` of its `Question n: …` problems. */
  number: z.number().int(),
  ...placeSchema,
  /** Exactly as in the file (notation such as `\ce{H2O}` or `$x^2$` untouched); null when none. */
  questionText: z.string().nullable(),
  /** The options' texts in order; five when the file gave five (of a GIFT question's more, only the first five). */
  options: z.array(z.string()),
  /** 0-based position of the correct option, or null when the file names none (or one out of range). */
  correctIndex: z.number().int().nullable(),
  /** The picture's file name inside the images zip, as the `image` column names it; null for none. */
  image: z.string().nullable(),
  /** Everything wrong with this question, each sentence starting `Question {number}: `; empty when fine. */
  problems: z.array(z.string()),
});
export type ImportedQuestion = z.infer<typeof importedQuestionSchema>;

/** A problem of the file rather than of one question (a malformed line, an unknown header, too many questions). */
export const importFileProblemSchema = z.object({
  ...placeSchema,
  /** A sentence, starting `Line 7: ` or `Row 4: ` when it has a place. */
  message: z.string(),
});
export type ImportFileProblem = z.infer<typeof importFileProblemSchema>;

export const questionImportReportSchema = z.object({
  format: z.enum(QUESTION_IMPORT_FORMATS),
  questions: z.array(importedQuestionSchema),
  /**
   * File-level problems, at most `QUESTION_IMPORT_LIMITS.listedProblems` of them; each question's own
   * problems are in `questions[i].problems`.
   */
  problems: z.array(importFileProblemSchema),
  /** File-level problems found beyond those listed: counted in `problemCount`, not sent. */
  unlistedProblems: z.number().int(),
  /** Every problem, file-level and per question: 0 means the import can be (or was) saved. */
  problemCount: z.number().int(),
});
export type QuestionImportReport = z.infer<typeof questionImportReportSchema>;

/**
 * The answer when nothing is wrong: 200 for a dry run (`saved` empty), 201 for an import, whose
 * `saved` holds the questions as stored (in order, with their new ids and picture links).
 */
export const questionImportResultSchema = questionImportReportSchema.extend({
  dryRun: z.boolean(),
  saved: z.array(mcqQuestionSchema),
});
export type QuestionImportResult = z.infer<typeof questionImportResultSchema>;

/**
 * The 400 answer when anything in the file is wrong (dry run or not): a summary sentence and the
 * whole report. Nothing is saved. A form that cannot be read as a question file at all (no `file`
 * part, not UTF-8, no known format, not multipart) is a 400 with `{ message }` only, like other calls.
 */
export const questionImportRefusalSchema = questionImportReportSchema.extend({
  message: z.string(),
});
export type QuestionImportRefusal = z.infer<typeof questionImportRefusalSchema>;
