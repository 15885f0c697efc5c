import { QUESTION_IMPORT_LIMITS } from '@valence/contract';
import Papa from 'papaparse';
import { csvDelimiterOf } from '../../../lib/csv-delimiter.js';
import type { ParsedFile } from './candidate.js';
import { addProblem, rowProblem } from './candidate.js';
import { questionsFromTable } from './table.js';

/**
 * A CSV file (RFC 4180: cells in double quotes may hold commas, quotes doubled and line breaks).
 * The delimiter is found from the header row, so a spreadsheet saved with semicolons reads too. Rows
 * are records, not lines: a cell with a line break does not shift the row numbers. Rows are taken
 * one at a time, so a file of broken rows keeps only the problems a report lists.
 */
export function parseCsv(text: string): ParsedFile {
  const body = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  const problems: { row: number; message: string }[] = [];
  let unlisted = 0;
  Papa.parse<string[]>(body, {
    delimiter: csvDelimiterOf(body),
    skipEmptyLines: false,
    step: (result) => {
      rows.push(result.data);
      for (const error of result.errors) {
        if (problems.length < QUESTION_IMPORT_LIMITS.listedProblems)
          problems.push({ row: rows.length, message: error.message });
        else unlisted++;
      }
    },
  });
  const parsed = questionsFromTable('csv', rows);
  for (const { row, message } of problems) addProblem(parsed, rowProblem(row, `${message.replace(/\.?$/, '.')}`));
  parsed.unlisted += unlisted;
  return parsed;
}
