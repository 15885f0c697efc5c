import { isBlank } from '@valence/contract';
import { type Candidate, correctIndexOf, type ParsedFile, rowProblem } from './candidate.js';

const REQUIRED = ['question', 'option1', 'option2', 'option3', 'option4', 'option5', 'correct'] as const;

/**
 * The rows of a CSV file or a worksheet (row 1 the header) as questions: columns found by their
 * header name (any case, any order; unknown columns ignored), rows with every cell blank skipped.
 * Cell text is kept exactly; only `correct` and `image` are trimmed.
 */
export function questionsFromTable(format: 'csv' | 'xlsx', rows: readonly (readonly string[])[]): ParsedFile {
  const parsed: ParsedFile = { format, questions: [], problems: [] };
  const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const missing = REQUIRED.filter((name) => column(name) < 0);
  if (missing.length) {
    parsed.problems.push(
      rowProblem(
        1,
        `The header must name the columns ${REQUIRED.join(', ')} (and optionally image); ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
      ),
    );
    return parsed;
  }
  const imageColumn = column('image');
  for (const [index, cells] of rows.entries()) {
    if (index === 0 || cells.every((cell) => isBlank(cell))) continue;
    const row = index + 1;
    const cell = (at: number) => (at >= 0 ? (cells[at] ?? '') : '');
    const correctText = cell(column('correct'));
    let correctIndex = correctIndexOf(correctText);
    if (correctIndex === undefined) {
      parsed.problems.push(
        rowProblem(row, `correct must be a number from 1 to 5 or a letter from A to E, not "${correctText.trim()}".`),
      );
      correctIndex = null;
    }
    const text = cell(column('question'));
    const image = cell(imageColumn).trim();
    const candidate: Candidate = {
      line: null,
      row,
      questionText: text === '' ? null : text,
      options: [1, 2, 3, 4, 5].map((n) => cell(column(`option${n}`))),
      correctIndex,
      image: image === '' ? null : image,
    };
    parsed.questions.push(candidate);
  }
  return parsed;
}
