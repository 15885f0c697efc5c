import {
  type ImportFileProblem,
  MCQ_OPTION_COUNT,
  QUESTION_IMPORT_LIMITS,
  type QuestionImportFormat,
} from '@valence/contract';

/** One question as a parser read it, before any rule is applied; `line` or `row` says where it starts. */
export type Candidate = {
  line: number | null;
  row: number | null;
  questionText: string | null;
  options: string[];
  /** 0-based; null when the file names no correct option or one that is not there. */
  correctIndex: number | null;
  /** The picture's name inside the images zip (CSV and XLSX only). */
  image: string | null;
};

/**
 * What a parser answers: never an exception for bad input, only problems with their place. Only the
 * first problems are kept (`QUESTION_IMPORT_LIMITS.listedProblems`) and the first questions (as many
 * as one import takes), the others only counted: a 5 MB file of broken rows made hundreds of
 * thousands of each, and a report of 38 MB.
 */
export type ParsedFile = {
  format: QuestionImportFormat;
  questions: Candidate[];
  problems: ImportFileProblem[];
  /** Problems found but not kept. */
  unlisted: number;
  /** Questions found after the kept ones. */
  moreQuestions: number;
};

export const parsedFile = (format: QuestionImportFormat): ParsedFile => ({
  format,
  questions: [],
  problems: [],
  unlisted: 0,
  moreQuestions: 0,
});

/** Whether another question would be kept rather than only counted. */
export const keepsQuestions = (parsed: ParsedFile) => parsed.questions.length < QUESTION_IMPORT_LIMITS.questions;

export function addQuestion(parsed: ParsedFile, candidate: Candidate): void {
  if (keepsQuestions(parsed)) parsed.questions.push(candidate);
  else parsed.moreQuestions++;
}

/** Whether another problem would be kept rather than only counted. */
export const listsProblems = (parsed: ParsedFile) => parsed.problems.length < QUESTION_IMPORT_LIMITS.listedProblems;

/** Keeps the problem while fewer than the listed number are kept, else counts it. */
export function addProblem(parsed: ParsedFile, problem: ImportFileProblem): void {
  if (listsProblems(parsed)) parsed.problems.push(problem);
  else parsed.unlisted++;
}

export const lineProblem = (line: number, message: string): ImportFileProblem => ({
  line,
  row: null,
  message: `Line ${line}: ${message}`,
});

export const rowProblem = (row: number, message: string): ImportFileProblem => ({
  line: null,
  row,
  message: `Row ${row}: ${message}`,
});

export const fileProblem = (message: string): ImportFileProblem => ({ line: null, row: null, message });

const LETTERS = 'ABCDEFGHIJ'.slice(0, MCQ_OPTION_COUNT);

/**
 * The `correct` of a CSV or XLSX row or Aiken's `ANSWER:`: 1–5 or A–E (any case), as a 0-based
 * index; null when empty; undefined when it is something else.
 */
export function correctIndexOf(value: string): number | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  // A spreadsheet may hold the number as 3.0.
  if (/^\d(\.0+)?$/.test(text) && Number(text) >= 1 && Number(text) <= MCQ_OPTION_COUNT) return Number(text) - 1;
  const letter = LETTERS.indexOf(text.toUpperCase());
  return text.length === 1 && letter >= 0 ? letter : undefined;
}

export const letterOf = (index: number) => LETTERS[index] ?? '?';

/** Lines of a text file without their line ends (LF or CRLF); a leading byte-order mark is dropped. */
export const splitLines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
