import { isBlank } from '@valence/contract';
import {
  addProblem,
  addQuestion,
  type Candidate,
  correctIndexOf,
  lineProblem,
  type ParsedFile,
  parsedFile,
  splitLines,
} from './candidate.js';

const OPTION = /^([A-Z])[.)][ \t](.*)$/;
// The letter is trimmed in code: a lazy `(.*?)` before `[ \t]*$` rescans every run of spaces inside the line.
const ANSWER = /^ANSWER[ \t]*:(.*)$/i;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Aiken: the question (one line or more), then options `A. …` (or `A) …`) one per line in letter
 * order, then `ANSWER: X`. Blank lines between questions are skipped. A question line that starts
 * like an option (`A. `) cannot be told from one: Aiken has no escape for it. Option text is kept
 * exactly as it follows the one space or tab after `A.`.
 */
export function parseAiken(text: string): ParsedFile {
  const parsed = parsedFile('aiken');
  let current: (Candidate & { textLines: string[] }) | null = null;
  const finishWithoutAnswer = () => {
    if (!current) return;
    const line = current.line ?? 0;
    if (current.options.length === 0 && current.textLines.every(isBlank)) {
      current = null;
      return;
    }
    addProblem(
      parsed,
      lineProblem(
        line,
        current.options.length === 0
          ? 'This question has no options: each must follow as lines A. to E., then ANSWER: with the letter.'
          : 'This question has no ANSWER: line after its options.',
      ),
    );
    addQuestion(parsed, close(current));
    current = null;
  };
  for (const [index, raw] of splitLines(text).entries()) {
    const line = index + 1;
    if (!current) {
      if (isBlank(raw)) continue;
      current = { line, row: null, questionText: null, options: [], correctIndex: null, image: null, textLines: [] };
    }
    const answer = ANSWER.exec(raw);
    if (answer) {
      if (current.options.length === 0) addProblem(parsed, lineProblem(line, 'ANSWER: comes before any option.'));
      const letter = (answer[1] ?? '').replace(/^[ \t]+/, '').trimEnd();
      const index = correctIndexOf(letter);
      if (index === undefined || (index !== null && !/^[A-Za-z]$/.test(letter))) {
        addProblem(parsed, lineProblem(line, `ANSWER: must be a letter from A to E, not "${letter}".`));
      } else if (index !== null && index >= current.options.length) {
        addProblem(
          parsed,
          lineProblem(line, `ANSWER: ${letter.toUpperCase()} names an option the question does not have.`),
        );
      } else {
        current.correctIndex = index;
      }
      addQuestion(parsed, close(current));
      current = null;
      continue;
    }
    const option = OPTION.exec(raw);
    const expected = LETTERS[current.options.length];
    if (option && option[1] === expected) {
      current.options.push(option[2] ?? '');
      continue;
    }
    if (current.options.length > 0) {
      if (isBlank(raw)) continue;
      addProblem(
        parsed,
        lineProblem(line, `Expected option ${expected}. or the ANSWER: line; an option must be on one line.`),
      );
      continue;
    }
    current.textLines.push(raw);
  }
  finishWithoutAnswer();
  return parsed;
}

/** The question's lines joined (blank lines at its end dropped). */
function close(candidate: Candidate & { textLines: string[] }): Candidate {
  const lines = [...candidate.textLines];
  while (lines.length && isBlank(lines.at(-1) ?? '')) lines.pop();
  const { textLines: _lines, ...rest } = candidate;
  const text = lines.join('\n');
  return { ...rest, questionText: text === '' ? null : text };
}
