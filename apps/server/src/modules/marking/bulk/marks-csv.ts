import { gradeFieldsSchema, MARKING_MESSAGES, SUBMISSION_MESSAGES } from '@valence/contract';
import Papa from 'papaparse';

/** What one marks.csv line sets: exactly what the grade dialog would with that score and feedback. */
export type MarkLine = { username: string; traditionalScore: number | null; instructorFeedback: string | null };
export type MarksCsv = { lines: MarkLine[]; rows: number; errors: { line: number; message: string }[] };

const COLUMNS = ['username', 'score', 'feedback'] as const;

/**
 * marks.csv: a header naming the columns username, score and feedback (any order, any case), then
 * one line per student. Each score and feedback is checked by the grade call's own rules; a
 * username must be one of `known` (lower case) and come once. Every problem is reported with its
 * line in the file (a quoted feedback may span lines), so the tutor can fix them all in one go.
 */
export function parseMarksCsv(text: string, known: (lowerUsername: string) => boolean): MarksCsv {
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
  if (COLUMNS.some((column) => at[column] === -1)) {
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
      const cell = (column: (typeof COLUMNS)[number]) => cells[at[column]] ?? '';
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
      lines.push({ username: lower, ...parsed.data });
    },
  });
  return { lines, rows, errors };
}
