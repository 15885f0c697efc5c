import { QUESTION_IMPORT_COLUMNS, type QuestionExportFormat } from '@valence/contract';
import Papa from 'papaparse';
import { fileNameOfKey } from '../../../lib/multipart.js';
import { guardCell } from '../../../lib/spreadsheet-cell.js';
import type { QuestionWithOptions } from '../repository.js';
import { letterOf } from './candidate.js';

/** One exported question: text, five options, the correct one's position, the picture's file name. */
type Row = { question: string; options: string[]; correct: number; image: string };

const toRow = (question: QuestionWithOptions): Row => ({
  question: question.questionText ?? '',
  options: question.options.map((option) => option.optionText),
  correct: question.options.findIndex((option) => option.isCorrect),
  image: question.imageKey ? fileNameOfKey(question.imageKey) : '',
});

/**
 * A row of the CSV or the workbook: text a spreadsheet would run as a formula (an option `-1` or
 * `+2`) is quoted, and the import takes the quote off again.
 */
const cells = (row: Row) => [row.question, ...row.options, row.correct + 1, row.image].map(guardCell);

/** CSV with the import's header; a byte-order mark first so Excel reads it as UTF-8. */
function toCsv(rows: Row[]): string {
  return `\uFEFF${Papa.unparse({ fields: [...QUESTION_IMPORT_COLUMNS], data: rows.map(cells) }, { newline: '\r\n' })}\r\n`;
}

async function toXlsx(rows: Row[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  sheet.addRow([...QUESTION_IMPORT_COLUMNS]).font = { bold: true };
  for (const row of rows) sheet.addRow(cells(row));
  sheet.getColumn(1).width = 60;
  for (let c = 2; c <= 6; c++) sheet.getColumn(c).width = 24;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Aiken carries text only: an option is one line (a line break in it becomes a space) and a
 * picture cannot go with it (a question that is only a picture is written as `[image: name]`).
 */
function toAiken(rows: Row[]): string {
  return rows
    .map((row) => {
      const text = row.question || (row.image ? `[image: ${row.image}]` : '');
      const options = row.options.map((option, i) => `${letterOf(i)}. ${option.replace(/\r\n|\r|\n/g, ' ')}`);
      return [text, ...options, `ANSWER: ${letterOf(row.correct)}`].join('\n');
    })
    .map((block) => `${block}\n`)
    .join('\n');
}

export const EXPORT_TYPES: Record<QuestionExportFormat, { contentType: string; extension: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  aiken: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
};

/** The questions, in order, as a file the import reads back to the same questions. */
export async function exportQuestions(questions: QuestionWithOptions[], format: QuestionExportFormat): Promise<Buffer> {
  const rows = questions.map(toRow);
  if (format === 'xlsx') return toXlsx(rows);
  return Buffer.from(format === 'csv' ? toCsv(rows) : toAiken(rows), 'utf8');
}
