import Papa from 'papaparse';
import type { ParsedFile } from './candidate.js';
import { rowProblem } from './candidate.js';
import { questionsFromTable } from './table.js';

/**
 * A CSV file (RFC 4180: cells in double quotes may hold commas, quotes doubled and line breaks).
 * The delimiter is found from the content, so a spreadsheet saved with semicolons reads too. Rows
 * are records, not lines: a cell with a line break does not shift the row numbers.
 */
export function parseCsv(text: string): ParsedFile {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const parsed = questionsFromTable('csv', result.data);
  // A lone delimiter guess on a file of one column is not worth a problem.
  const errors = result.errors.filter((error) => error.code !== 'UndetectableDelimiter');
  for (const error of errors) {
    const row = (error.row ?? 0) + 1;
    parsed.problems.push(rowProblem(row, `${error.message.replace(/\.?$/, '.')}`));
  }
  return parsed;
}
