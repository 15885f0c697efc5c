import { isBlank, MCQ_OPTION_COUNT } from '@valence/contract';
import { unguardCell } from '../../../lib/spreadsheet-cell.js';
import {
  addProblem,
  addQuestion,
  type Candidate,
  correctIndexOf,
  keepsQuestions,
  listsProblems,
  type ParsedFile,
  parsedFile,
  rowProblem,
} from './candidate.js';

const REQUIRED = ['question', 'option1', 'option2', 'option3', 'option4', 'option5', 'correct'] as const;

/**
 * The rows of a CSV file or a worksheet (row 1 the header) as questions: columns found by their
 * header name (any case, any order; unknown columns ignored), rows with every cell blank skipped.
 * Cell text is kept exactly, except the quote an export puts before text a spreadsheet would run
 * as a formula (`'=x` is read as `=x`); only `correct` and `image` are trimmed.
 */
export function questionsFromTable(format: 'csv' | 'xlsx', rows: readonly (readonly string[])[]): ParsedFile {
  const parsed = parsedFile(format);
  const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const missing = REQUIRED.filter((name) => column(name) < 0);
  if (missing.length) {
    addProblem(
      parsed,
      rowProblem(
        1,
        `The header must name the columns ${REQUIRED.join(', ')} (and optionally image); ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
      ),
    );
    return parsed;
  }
  const imageColumn = column('image');
  const questionColumn = column('question');
  const correctColumn = column('correct');
  const optionColumns = Array.from({ length: MCQ_OPTION_COUNT }, (_, i) => column(`option${i + 1}`));
  for (const [index, cells] of rows.entries()) {
    if (index === 0 || cells.every((cell) => isBlank(cell))) continue;
    const row = index + 1;
    const cell = (at: number) => unguardCell(at >= 0 ? (cells[at] ?? '') : '');
    const correctText = cell(correctColumn);
    let correctIndex = correctIndexOf(correctText);
    if (correctIndex === undefined) {
      if (listsProblems(parsed))
        addProblem(
          parsed,
          rowProblem(row, `correct must be a number from 1 to 5 or a letter from A to E, not "${correctText.trim()}".`),
        );
      else parsed.unlisted++;
      correctIndex = null;
    }
    // Rows past the ones kept are only counted: building them cost most of a 5 MB file's reading.
    if (!keepsQuestions(parsed)) {
      parsed.moreQuestions++;
      continue;
    }
    const text = cell(questionColumn);
    const image = cell(imageColumn).trim();
    const candidate: Candidate = {
      line: null,
      row,
      questionText: text === '' ? null : text,
      options: optionColumns.map(cell),
      correctIndex,
      image: image === '' ? null : image,
    };
    addQuestion(parsed, candidate);
  }
  return parsed;
}
