import { randomUUID } from 'node:crypto';
import {
  QUESTION_COPY_MESSAGES as COPY,
  EXAM_LIMITS,
  EXAM_MESSAGES,
  type McqExamFound,
  type McqQuestion,
} from '@valence/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { KIND_CONTENT_TYPES, KIND_EXTENSIONS } from '../../lib/file-kind.js';
import { fileNameOfKey } from '../../lib/multipart.js';
import { deleteStoredFiles } from '../../storage/delete-files.js';
import { ObjectNotFoundError, type ObjectStorage } from '../../storage/storage.js';
import type { ExamInfo } from '../exams/exam-content.js';
import type { ExamsService } from '../exams/service.js';
import { searchMcqExams } from './reads-mcq-exam-search.js';
import * as repo from './repository.js';
import { type QuestionsService, SUBMITTED_ALREADY } from './service.js';

/** The copy call's body as the route validated it (`copyQuestionsSchema`). */
export type CopyRequest = { fromExamId: number; questionIds?: number[] | undefined };

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'log' | 'exams' | 'questions'>;

/** Pictures copied side by side: a paper of 300 pictures on S3 would take long one at a time. */
const PARALLEL_COPIES = 4;

/** The content type a stored picture is served with, from its key's extension (S3 keeps it per object). */
function contentTypeOf(key: string): string | undefined {
  const name = key.toLowerCase();
  const kind = (Object.keys(KIND_EXTENSIONS) as (keyof typeof KIND_EXTENSIONS)[]).find((k) =>
    KIND_EXTENSIONS[k].some((extension) => name.endsWith(extension)),
  );
  return kind ? KIND_CONTENT_TYPES[kind] : undefined;
}

/**
 * Reuse of another MCQ exam's questions: the exam is found by title or identifier in any course,
 * and all or chosen questions are added at the end of this exam with their options and answers.
 * Each picture is copied into a new stored object, so deleting either question never takes the
 * other's picture with it.
 */
export class QuestionCopyService {
  private readonly db: Db;
  private readonly storage: ObjectStorage;
  private readonly log: FastifyBaseLogger;
  private readonly exams: ExamsService;
  private readonly questions: QuestionsService;

  constructor({ db, storage, log, exams, questions }: Deps) {
    this.db = db;
    this.storage = storage;
    this.log = log;
    this.exams = exams;
    this.questions = questions;
  }

  /** At most `MCQ_EXAM_SEARCH_LIMIT` MCQ exams with content, newest first. */
  search(q: string | undefined): Promise<McqExamFound[]> {
    return searchMcqExams(this.db, q);
  }

  /**
   * All or nothing. The rules are checked before any picture is copied (so a refusal costs no
   * copying), the pictures are copied outside any lock, and the rules are checked again under the
   * exam's row lock, where the questions are inserted; any failure removes the copied pictures.
   * The source exam is read, not locked: locking both could deadlock two copies going opposite ways.
   */
  async copy(examId: number, { fromExamId, questionIds }: CopyRequest): Promise<McqQuestion[]> {
    if (fromExamId === examId) throw badRequest(COPY.sameExam);
    const target = await this.exams.info(examId);
    assertTarget(target);
    if ((await this.exams.submissionCount(this.db, examId)) > 0) throw conflict(SUBMITTED_ALREADY);
    const chosen = await this.chosenQuestions(fromExamId, questionIds);

    const copied: string[] = [];
    try {
      const keys = await this.copyPictures(chosen, copied);
      const rows = await this.exams.withExamLocked(examId, async (tx, exam) => {
        assertTarget(exam);
        if ((await this.exams.submissionCount(tx, examId)) > 0) throw conflict(SUBMITTED_ALREADY);
        const count = await repo.countForExam(tx, examId);
        if (count + chosen.length > EXAM_LIMITS.questionsPerExam) {
          throw conflict(
            `An exam can have at most ${EXAM_LIMITS.questionsPerExam} questions; this one has ${count}, and ${chosen.length} would be copied.`,
          );
        }
        const values = chosen.map((question, i) => ({
          questionText: question.questionText,
          imageKey: keys[i] ?? null,
          options: question.options.map(({ optionText, isCorrect }) => ({ optionText, isCorrect })),
        }));
        return repo.insertQuestions(tx, examId, values);
      });
      this.questions.paperChanged(examId);
      return await Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          questionText: row.questionText,
          questionImageUrl: await this.questions.imageUrl(row.imageKey),
          options: row.options.map(({ id, optionText, isCorrect }) => ({ id, optionText, isCorrect })),
        })),
      );
    } catch (error) {
      await this.removeAll(copied);
      throw error;
    }
  }

  /** The source exam's questions that were asked for, in the exam's order (all when none were named). */
  private async chosenQuestions(fromExamId: number, questionIds: number[] | undefined) {
    const source = await this.exams.info(fromExamId).catch((error: unknown) => {
      throw error instanceof HttpError && error.statusCode === 404 ? notFound(COPY.sourceNotFound) : error;
    });
    if (source.examType !== 'MCQ') throw badRequest(COPY.sourceNotMcq);
    if (source.contentDeleted) throw conflict(COPY.sourceDeleted);
    const all = await repo.listForExam(this.db, fromExamId);
    if (questionIds === undefined) {
      if (all.length === 0) throw badRequest(COPY.sourceEmpty);
      return all;
    }
    const wanted = new Set(questionIds);
    const known = new Set(all.map((question) => question.id));
    const strangers = [...wanted].filter((id) => !known.has(id));
    if (strangers.length) throw badRequest(COPY.notOfSource(strangers));
    return all.filter((question) => wanted.has(question.id));
  }

  /**
   * Copies each question's picture through the storage interface into a new key; answers the new
   * keys by question (undefined: no picture). Every key stored is pushed onto `copied` as soon as it
   * is, so the caller can remove them whatever fails.
   */
  private async copyPictures(questions: repo.QuestionWithOptions[], copied: string[]) {
    const keys: (string | undefined)[] = new Array(questions.length);
    let next = 0;
    let failed = false;
    const worker = async () => {
      for (let i = next++; i < questions.length && !failed; i = next++) {
        const from = questions[i]?.imageKey;
        try {
          if (from) keys[i] = await this.copyPicture(from, i + 1, copied);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    // Every worker is waited for (not only the first to fail), so no copy is still being written
    // when the caller removes them.
    const outcomes = await Promise.allSettled(Array.from({ length: PARALLEL_COPIES }, worker));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    return keys;
  }

  private async copyPicture(from: string, n: number, copied: string[]): Promise<string> {
    let object: Awaited<ReturnType<ObjectStorage['get']>>;
    try {
      object = await this.storage.get(from);
    } catch (error) {
      // The source question was edited or deleted since it was read.
      if (error instanceof ObjectNotFoundError) throw conflict(COPY.pictureGone(n));
      throw error;
    }
    const key = `questions/${randomUUID()}-${fileNameOfKey(from)}`;
    copied.push(key);
    const contentType = contentTypeOf(from) ?? object.contentType;
    await this.storage.put(key, object.stream, contentType ? { contentType } : undefined);
    return key;
  }

  /** A copy that failed leaves no picture behind; a removal that fails leaves an orphan, logged. */
  private async removeAll(keys: string[]) {
    await deleteStoredFiles(this.storage, this.log, keys);
  }
}

function assertTarget(exam: ExamInfo) {
  if (exam.examType !== 'MCQ') throw badRequest(COPY.targetNotMcq);
  if (exam.contentDeleted) throw conflict(EXAM_MESSAGES.contentDeleted);
}
