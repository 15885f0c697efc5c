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
  sumOfMarks,
} from '@valence/contract';
import { badRequest, HttpError } from '../../lib/errors.js';
import { fileNameOfKey, type StoredFile } from '../../lib/multipart.js';
import { PdfRenderError, renderOnPdfWorker } from '../../lib/pdf-worker.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { ExamInfo } from '../exams/exam-content.js';

/** Where drawn marked papers are kept: a marked paper under it was drawn here, not uploaded. */
export const RENDERED_PREFIX = 'marked/rendered/';

/**
 * The drawing failed (not the script: that one the mark is saved without a paper): the mark is not
 * saved either, so the student never sees a new mark beside the old drawing, and the save can be tried again.
 */
export const PAPER_NOT_DRAWN =
  'The mark was not saved: the marked paper could not be drawn. Save again to retry; if it fails again, attach a marked paper instead.';

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

/** A grade form's fields as the rules read them; `questionMarks` is undefined when none were sent. */
export type GradeInput = GradeFields & { questionMarks: number[] | undefined };

/**
 * The grade form checked against its exam: the score and feedback as the grade dialog sends them,
 * and, when the exam has a mark scheme, optionally a mark per question (a JSON array), each from 0
 * to its question's maximum with two decimals at most. Their sum is the score; a score sent beside
 * them must be that sum.
 */
export function readGradeInput(
  exam: Pick<ExamInfo, 'examType' | 'markScheme'>,
  raw: Record<string, unknown>,
): GradeInput {
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
    marks.data.every((mark, i) => mark <= (scheme[i]?.maxMarks ?? 0));
  if (!marks.success || !fits) throw badRequest(MARKING_MESSAGES.questionMarks);
  // Both are whole hundredths (the contract checked them), so they are equal exactly or not at all.
  const sum = sumOfMarks(marks.data);
  if (traditionalScore !== null && traditionalScore !== sum) {
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
 * Reads the script, draws the marking on it (on the PDF thread) and stores the result as a marked
 * paper (under `RENDERED_PREFIX`), or answers null when the script is not one that can be drawn on
 * (a Word document) or cannot be read (a broken or encrypted PDF: the mark is saved without a
 * paper). Any other failure to draw answers 503 (`PAPER_NOT_DRAWN`), never a silent old paper.
 */
export async function drawMarkedPaper(
  storage: ObjectStorage,
  parts: PaperParts,
  log: { warn: (details: object, message: string) => void; error: (details: object, message: string) => void },
): Promise<StoredFile | null> {
  const kind = scriptKindOf(parts.answerKey);
  if (kind !== 'pdf' && kind !== 'jpg' && kind !== 'png') return null;
  let read: Buffer;
  try {
    read = await buffer((await storage.get(parts.answerKey)).stream);
  } catch (error) {
    // A script whose file is gone has nothing to draw on, now or on a retry.
    log.warn({ err: error, key: parts.answerKey }, 'could not read the script to draw the marked paper');
    return null;
  }
  // Handed to the thread, not copied: a Buffer that owns its whole memory goes as it is.
  const whole = read.byteOffset === 0 && read.byteLength === read.buffer.byteLength;
  const script = whole ? new Uint8Array(read.buffer, 0, read.byteLength) : new Uint8Array(read);
  let bytes: Uint8Array;
  try {
    bytes = await renderOnPdfWorker(
      {
        kind: 'marked-paper',
        input: {
          script,
          kind,
          annotations: parts.annotations,
          total: parts.total,
          scheme: parts.scheme,
          questionMarks: parts.questionMarks,
          feedback: parts.feedback,
        },
      },
      [script.buffer as ArrayBuffer],
    );
  } catch (error) {
    if (error instanceof PdfRenderError && error.unreadable) {
      log.warn({ err: error, key: parts.answerKey }, 'could not read the script to draw the marked paper');
      return null;
    }
    log.error({ err: error, key: parts.answerKey }, 'could not draw the marked paper');
    throw new HttpError(503, PAPER_NOT_DRAWN);
  }
  const key = `${RENDERED_PREFIX}${randomUUID()}-marked.pdf`;
  await storage.put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
    contentType: 'application/pdf',
  });
  return { key, fileName: 'marked.pdf', kind: 'pdf', size: bytes.byteLength };
}
