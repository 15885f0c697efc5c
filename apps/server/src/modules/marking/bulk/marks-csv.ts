import {
  gradeFieldsSchema,
  MARKING_MESSAGES,
  type MarkScheme,
  readTypedMark,
  SUBMISSION_MESSAGES,
  sumOfMarks,
} from '@valence/contract';
import Papa from 'papaparse';
import { sumMismatch } from '../marked-paper.js';

/**
 * What one marks.csv line sets: exactly what the grade dialog (or, with a mark scheme, the studio)
 * would. `questionMarks` is undefined on an exam without a scheme, else the marks per question (null
 * with the score when the line leaves the script unmarked).
 */
export type MarkLine = {
  username: string;
  traditionalScore: number | null;
  instructorFeedback: string | null;
  questionMarks?: number[] | null;
};
export type MarksCsv = { lines: MarkLine[]; rows: number; errors: { line: number; message: string }[] };

const COLUMNS = ['username', 'score', 'feedback'] as const;

/** The header an exam with a mark scheme needs: its questions' marks, never a total on its own. */
export const marksCsvSchemeHeader = (scheme: MarkScheme) =>
  `This exam has a mark scheme: marks.csv must have the columns username, feedback and one per question (${scheme
    .map((question) => question.label)
    .join(', ')}); the score is their sum.`;
export const questionMarkRange = (label: string, max: number) =>
  `${label}: the mark must be from 0 to ${max}, with two decimals at most.`;
export const questionMarkNumber = (label: string) => `${label}: the mark must be a number.`;

/**
 * marks.csv: a header naming the columns username, score and feedback (any order, any case), then
 * one line per student. Each score and feedback is checked by the grade call's own rules; a
 * username must be one of `known` (lower case) and come once. Every problem is reported with its
 * line in the file (a quoted feedback may span lines), so the tutor can fix them all in one go.
 *
 * An exam with a mark scheme takes a column per question instead, named by the question's label
 * (any case), and the score column becomes optional: a total alone would drop the marks per
 * question the studio shows, so the header is refused without them. A line gives every question's
 * mark or none (not marked); a score beside them must be their sum, as in the studio.
 */
export function parseMarksCsv(
  text: string,
  known: (lowerUsername: string) => boolean,
  scheme: MarkScheme = [],
): MarksCsv {
  const source = text.replace(/^\uFEFF/, '');
  const lines: MarkLine[] = [];
  const errors: MarksCsv['errors'] = [];
  const seen = new Set<string>();
  const headerEnd = source.indexOf('\n') === -1 ? source.length : source.indexOf('\n') + 1;
  const header = (Papa.parse<string[]>(source.slice(0, headerEnd).trim()).data[0] ?? []).map((cell) =>
    cell.trim().toLowerCase(),
  );
  const at = Object.fromEntries(COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  // Each question takes the first column of its label not taken yet, so two questions with one label still read two columns.
  const taken = new Set<number>();
  const questionAt = scheme.map((question) => {
    const index = header.findIndex((cell, i) => !taken.has(i) && cell === question.label.trim().toLowerCase());
    if (index !== -1) taken.add(index);
    return index;
  });
  if (scheme.length > 0) {
    if (at.username === -1 || at.feedback === -1 || questionAt.includes(-1)) {
      return { lines, rows: 0, errors: [{ line: 1, message: marksCsvSchemeHeader(scheme) }] };
    }
  } else if (COLUMNS.some((column) => at[column] === -1)) {
    return { lines, rows: 0, errors: [{ line: 1, message: MARKING_MESSAGES.marksCsvHeader }] };
  }
  let rows = 0;
  // Lines are counted as the parser moves on: the newlines before each row's first character.
  let lastCursor = headerEnd;
  let counted = headerEnd;
  let line = 2;
  const lineOfRowEndingAt = (cursor: number) => {
    let start = lastCursor;
    while (start < cursor && (source[start] === '\n' || source[start] === '\r')) start += 1;
    for (let i = counted; i < start; i += 1) if (source.charCodeAt(i) === 10) line += 1;
    counted = start;
    lastCursor = cursor;
    return line;
  };
  Papa.parse<string[]>(source.slice(headerEnd), {
    skipEmptyLines: 'greedy',
    step: (result) => {
      const lineNo = lineOfRowEndingAt(headerEnd + result.meta.cursor);
      const cells = result.data;
      rows += 1;
      if (cells.length > header.length) {
        errors.push({ line: lineNo, message: 'This line has more columns than the header.' });
        return;
      }
      const cell = (column: (typeof COLUMNS)[number]) => (at[column] === -1 ? '' : (cells[at[column]] ?? ''));
      const username = cell('username').trim();
      const lower = username.toLowerCase();
      if (!username) {
        errors.push({ line: lineNo, message: 'The username is missing.' });
        return;
      }
      if (!known(lower)) {
        errors.push({ line: lineNo, message: `${username} has no script in this exam.` });
        return;
      }
      if (seen.has(lower)) {
        errors.push({ line: lineNo, message: `${username} has more than one line.` });
        return;
      }
      seen.add(lower);
      const parsed = gradeFieldsSchema.safeParse({
        traditionalScore: cell('score'),
        instructorFeedback: cell('feedback'),
      });
      if (!parsed.success) {
        errors.push({ line: lineNo, message: parsed.error.issues[0]?.message ?? SUBMISSION_MESSAGES.scoreNumber });
        return;
      }
      if (scheme.length === 0) {
        lines.push({ username: lower, ...parsed.data });
        return;
      }
      const marks = readQuestionMarks(scheme, questionAt, cells, parsed.data.traditionalScore);
      if ('error' in marks) {
        errors.push({ line: lineNo, message: marks.error });
        return;
      }
      lines.push({ username: lower, instructorFeedback: parsed.data.instructorFeedback, ...marks });
    },
  });
  return { lines, rows, errors };
}

/**
 * One line's marks per question: every cell empty (and no score) leaves the script unmarked; else
 * each must be a mark of 0 to its question's maximum, read from the text as the studio's fields
 * are, and a score given beside them must be their sum.
 */
function readQuestionMarks(
  scheme: MarkScheme,
  questionAt: number[],
  cells: string[],
  score: number | null,
): { traditionalScore: number | null; questionMarks: number[] | null } | { error: string } {
  const texts = questionAt.map((index) => (cells[index] ?? '').trim());
  if (texts.every((text) => text === '')) {
    return score === null ? { traditionalScore: null, questionMarks: null } : { error: MARKING_MESSAGES.questionMarks };
  }
  if (texts.some((text) => text === '')) return { error: MARKING_MESSAGES.questionMarks };
  const marks: number[] = [];
  for (const [i, question] of scheme.entries()) {
    const read = readTypedMark(texts[i] as string, question.maxMarks);
    if ('error' in read) {
      return {
        error:
          read.error === 'number'
            ? questionMarkNumber(question.label)
            : questionMarkRange(question.label, question.maxMarks),
      };
    }
    marks.push(read.value);
  }
  // Whole hundredths on both sides (each checked above), so they are equal exactly or not at all.
  const sum = sumOfMarks(marks);
  if (score !== null && score !== sum) return { error: sumMismatch(score, sum) };
  return { traditionalScore: sum, questionMarks: marks };
}
