import path from 'node:path';
import {
  type MySubmission,
  type StudentExamSummary,
  type StudentHandIn,
  type Submission,
  studentExamSchema,
} from '@valence/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { fileNameOfKey } from '../../lib/multipart.js';
import { deleteStoredFiles } from '../../storage/delete-files.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { sanitizeFileName } from '../../storage/storage.js';
import type { SubmissionRow } from './repository.js';

/** A submission with who made it: the account's name (else its username) and username. */
export type ListedRow = SubmissionRow & { studentName: string; username: string };

/** Signed links to answer scripts and marked papers, named after the student and the exam. */
export class SubmissionFiles {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly config: Pick<Config, 'downloadLinkTtlSeconds'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `{username}_{examIdentifier}_{what}.{ext}`, the extension the stored file's own. */
  link(
    key: string | null,
    username: string,
    examIdentifier: string,
    what: 'answer' | 'marked',
  ): Promise<string | null> {
    if (!key) return Promise.resolve(null);
    const extension = path.extname(fileNameOfKey(key));
    const fileName = sanitizeFileName(`${username}_${examIdentifier}_${what}${extension}`);
    return this.storage.signedUrl(key, { ttlSeconds: this.config.downloadLinkTtlSeconds, fileName });
  }

  /** Staff's view of a submission. */
  async present(row: ListedRow, examIdentifier: string): Promise<Submission> {
    return {
      id: row.id,
      examId: row.examId,
      studentId: row.studentId,
      studentName: row.studentName,
      submittedAt: row.submittedAt.toISOString(),
      mcqScore: row.mcqScore,
      traditionalScore: row.traditionalScore,
      instructorFeedback: row.instructorFeedback,
      gradedAt: row.gradedAt?.toISOString() ?? null,
      submittedAnswerDownloadUrl: await this.link(row.answerKey, row.username, examIdentifier, 'answer'),
      markedPaperPath: row.markedPaperKey,
      markedPaperDownloadUrl: await this.link(row.markedPaperKey, row.username, examIdentifier, 'marked'),
      version: row.version,
    };
  }

  /** After the commit: a failed removal leaves an orphan file, never a row pointing at nothing. */
  async remove(keys: (string | null | undefined)[]): Promise<void> {
    await deleteStoredFiles(this.storage, this.log, keys);
  }
}

/** A student's own submission: the MCQ mark at once, the PART II mark once its marks are published. */
export function mine(row: SubmissionRow, exam: { gradesPublished: boolean }): MySubmission {
  return {
    id: row.id,
    examId: row.examId,
    submittedAt: row.submittedAt.toISOString(),
    mcqScore: row.mcqScore,
    traditionalScore: exam.gradesPublished ? row.traditionalScore : null,
  };
}

/**
 * GET /me/exams/{examId} before it is sent: the student's view of the exam, and its questions as the
 * JSON array the shared paper holds (checked against the contract when that was built).
 */
export type StudentPaperAnswer = {
  exam: StudentExamSummary & StudentHandIn & { serverNow: string };
  questionsJson: string;
};

/**
 * The answer's JSON, written without serialising the questions again: on exam day the same 50
 * questions go to a whole class, and checking and writing them per request was most of its cost.
 * The student's part is checked here as any answer is.
 */
const studentExamHeadSchema = studentExamSchema.omit({ questions: true });

export function paperJson({ exam, questionsJson }: StudentPaperAnswer): string {
  const head = JSON.stringify(studentExamHeadSchema.parse(exam));
  return `${head.slice(0, -1)},"questions":${questionsJson}}`;
}

/**
 * A saved draft as the JSON to send. `answersJson` is the text the draft was stored from: the
 * request's answers, checked against the contract on the way in, so they are written out as they
 * are instead of being read back, parsed and checked again (on exam day a class saves hundreds of
 * drafts a second, each carrying every choice so far).
 */
export function draftJson(examId: number, answersJson: string, saved: { revision: number; updatedAt: Date }): string {
  return `{"examId":${examId},"answers":${answersJson},"revision":${saved.revision},"updatedAt":${JSON.stringify(saved.updatedAt.toISOString())}}`;
}
