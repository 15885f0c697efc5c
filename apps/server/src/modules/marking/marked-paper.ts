import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  type Annotation,
  type GradeFields,
  gradeFieldsSchema,
  MARKING_MESSAGES,
  type MarkScheme,
  questionMarksSchema,
  type StudioScript,
  SUBMISSION_MESSAGES,
} from '@valence/contract';
import { badRequest } from '../../lib/errors.js';
import { fileNameOfKey, type StoredFile } from '../../lib/multipart.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { ExamInfo } from '../exams/exam-content.js';

/** Where drawn marked papers are kept: a marked paper under it was drawn here, not uploaded. */
export const RENDERED_PREFIX = 'marked/rendered/';

export const NO_MARK_SCHEME = 'This exam has no mark scheme: give the score alone.';
export const sumMismatch = (score: number, sum: number) =>
  `The score (${score}) must be the sum of the question marks (${sum}).`;

/** How the studio shows a script, told by its stored file's extension (null: no file). */
export function scriptKindOf(answerKey: string | null): StudioScript['scriptKind'] {
  if (!answerKey) return null;
  const extension = path.extname(fileNameOfKey(answerKey)).toLowerCase().slice(1);
  if (extension === 'jpeg') return 'jpg';
  return (['pdf', 'jpg', 'png', 'doc', 'docx'] as const).find((kind) => kind === extension) ?? null;
}

const hundredths = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A grade form's fields as the rules read them; `questionMarks` is undefined when none were sent. */
export type GradeInput = GradeFields & { questionMarks: number[] | undefined };

/**
 * The grade form checked against its exam: the score and feedback as the grade dialog sends them,
 * and, when the exam has a mark scheme, optionally a mark per question (a JSON array), each from 0
 * to its question's maximum with two decimals at most. Their sum is the score; a score sent beside
 * them must be that sum.
 */
export function readGradeInput(exam: ExamInfo, raw: Record<string, unknown>): GradeInput {
  const parsed = gradeFieldsSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? SUBMISSION_MESSAGES.scoreNumber);
  const { traditionalScore, instructorFeedback } = parsed.data;
  const partTwo = exam.examType === 'TRADITIONAL';
  if (!partTwo && traditionalScore !== null) throw badRequest(SUBMISSION_MESSAGES.scoreOnlyPartTwo);
  const text = raw.questionMarks;
  if (text === undefined || (typeof text === 'string' && text.trim() === '')) {
    return { traditionalScore, instructorFeedback, questionMarks: undefined };
  }
  if (!partTwo || exam.markScheme.length === 0) throw badRequest(NO_MARK_SCHEME);
  const marks = questionMarksSchema.safeParse(typeof text === 'string' ? parseJson(text) : text);
  const scheme = exam.markScheme;
  const fits =
    marks.success &&
    marks.data.length === scheme.length &&
    marks.data.every((mark, i) => mark <= (scheme[i]?.maxMarks ?? 0) && hundredths(mark));
  if (!marks.success || !fits) throw badRequest(MARKING_MESSAGES.questionMarks);
  const sum = Math.round(marks.data.reduce((total, mark) => total + mark, 0) * 100) / 100;
  if (traditionalScore !== null && Math.abs(traditionalScore - sum) > 1e-9) {
    throw badRequest(sumMismatch(traditionalScore, sum));
  }
  return { traditionalScore: sum, instructorFeedback, questionMarks: marks.data };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(MARKING_MESSAGES.questionMarks);
  }
}

/** What a drawn marked paper is made of. */
export type PaperParts = {
  answerKey: string;
  annotations: Annotation[];
  total: number;
  scheme: MarkScheme;
  questionMarks: number[] | null;
  feedback: string | null;
};

/**
 * Reads the script, draws the marking on it and stores the result as a marked paper (under
 * `RENDERED_PREFIX`), or answers null when the script is not one that can be drawn on (a Word
 * document) or cannot be read (a broken or encrypted PDF: the mark is saved without a paper).
 */
export async function drawMarkedPaper(
  storage: ObjectStorage,
  parts: PaperParts,
  log: { warn: (details: object, message: string) => void },
): Promise<StoredFile | null> {
  const kind = scriptKindOf(parts.answerKey);
  if (kind !== 'pdf' && kind !== 'jpg' && kind !== 'png') return null;
  let bytes: Uint8Array;
  try {
    const script = await buffer((await storage.get(parts.answerKey)).stream);
    // pdf-lib costs the server a quarter of a second and about 25 MB to load: it comes with the first
    // marked paper, not at start.
    const { renderMarkedPaper } = await import('./render-marked-paper.js');
    bytes = await renderMarkedPaper({
      script,
      kind,
      annotations: parts.annotations,
      total: parts.total,
      scheme: parts.scheme,
      questionMarks: parts.questionMarks,
      feedback: parts.feedback,
    });
  } catch (error) {
    log.warn({ err: error, key: parts.answerKey }, 'could not draw the marked paper');
    return null;
  }
  const key = `${RENDERED_PREFIX}${randomUUID()}-marked.pdf`;
  await storage.put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
    contentType: 'application/pdf',
  });
  return { key, fileName: 'marked.pdf', kind: 'pdf', size: bytes.byteLength };
}
