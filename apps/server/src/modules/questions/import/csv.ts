import { QUESTION_IMPORT_LIMITS } from '@valence/contract';
import Papa from 'papaparse';
import type { ParsedFile } from './candidate.js';
import { addProblem, rowProblem } from './candidate.js';
import { questionsFromTable } from './table.js';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter the header row uses most (a comma when it uses none). Papa's own guess parses the
 * whole file once per delimiter it tries, which made a 5 MB file of quotes take seconds.
 */
function delimiterOf(text: string): string {
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  let best: string = DELIMITERS[0];
  let most = 0;
  for (const delimiter of DELIMITERS) {
    const count = header.split(delimiter).length - 1;
    if (count > most) {
      best = delimiter;
      most = count;
    }
  }
  return best;
}

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
    delimiter: delimiterOf(body),
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
