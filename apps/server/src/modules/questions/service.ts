import {
  EXAM_LIMITS,
  EXAM_MESSAGES,
  type McqQuestion,
  QUESTION_MESSAGES,
  type QuestionInput,
  questionInputSchema,
} from '@valence/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fileNameOfKey, type StoredFile } from '../../lib/multipart.js';
import type { Principal } from '../../lib/principal.js';
import { deleteStoredFiles } from '../../storage/delete-files.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { ExamContent, ExamInfo } from '../exams/exam-content.js';
import type { ExamsService } from '../exams/service.js';
import { PaperCache, type StudentPaper } from './paper-cache.js';
import {
  checkBulk,
  checkQuestion,
  correctPosition,
  type ParsedQuestion,
  parseBulk,
  parseQuestion,
  toValues,
} from './question-input.js';
import { answeredCount } from './reads-answered.js';
import * as repo from './repository.js';

/** Each question of a paper with its options' ids and which one is correct: what a hand-in is scored against. */
export type { ChoiceKey } from './repository.js';

export const QUESTION_NOT_FOUND = 'Question not found.';
export const SUBMITTED_ALREADY = 'Cannot add questions: students have already submitted this exam.';

/**
 * Told, inside the transaction that changes it, that the exam's answer key changed (a question's
 * correct option): the submissions module re-scores the hand-ins so no mark is left on the old key.
 */
export type KeyChangeListener = (
  tx: Tx,
  actor: Principal | null,
  examId: number,
  questionId: number,
) => Promise<unknown>;

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'log' | 'exams'>;

/**
 * The MCQ questions of an exam: five options, one correct, text or a picture. Every change holds the
 * exam's row lock (through `app.exams`), so it sees a content delete or a publication in progress.
 */
export class QuestionsService implements ExamContent {
  private readonly db: Db;
  private readonly storage: ObjectStorage;
  private readonly config: Pick<Config, 'downloadLinkTtlSeconds'>;
  private readonly log: FastifyBaseLogger;
  private readonly exams: ExamsService;
  private readonly papers = new PaperCache();
  private readonly keyListeners: KeyChangeListener[] = [];

  constructor({ db, storage, config, log, exams }: Deps) {
    this.db = db;
    this.storage = storage;
    this.config = config;
    this.log = log;
    this.exams = exams;
  }

  /** Staff's view: the correct option is included; pictures as signed links. */
  private present(rows: repo.QuestionWithOptions[]): Promise<McqQuestion[]> {
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        questionText: row.questionText,
        questionImageUrl: await this.imageUrl(row.imageKey),
        options: row.options.map(({ id, optionText, isCorrect }) => ({ id, optionText, isCorrect })),
      })),
    );
  }

  /** The exam's questions as stored (options in order, `isCorrect` included): for marking, never for students. */
  answerKey(db: DbOrTx, examId: number): Promise<repo.QuestionWithOptions[]> {
    return repo.listForExam(db, examId);
  }

  /** Only the ids and which option is right, in the questions' order: for marking a sitting. */
  choiceKey(db: DbOrTx, examId: number): Promise<repo.ChoiceKey> {
    return repo.choiceKey(db, examId);
  }

  /**
   * The exam's paper as every student of it receives it (questions without the key, as JSON too) and
   * the key a draft is checked with, built at most once every few seconds per exam (`PaperCache`):
   * the read a whole class makes in the same minute on exam day. Only for students' reads: marking
   * reads the key in its own transaction (`choiceKey`).
   */
  studentPaper(examId: number): Promise<StudentPaper> {
    return this.papers.get(examId, async () => {
      const rows = await repo.listForExam(this.db, examId);
      const questions = await Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          questionText: row.questionText,
          questionImageUrl: await this.imageUrl(row.imageKey),
          options: row.options.map((option) => ({ id: option.id, optionText: option.optionText })),
        })),
      );
      const key = rows.map((row) => ({
        id: row.id,
        options: row.options.map((option) => ({ id: option.id, isCorrect: option.isCorrect })),
      }));
      return { questions, key };
    });
  }

  /** `listener` is called in the transaction of every change of a correct option (see KeyChangeListener). */
  onKeyChange(listener: KeyChangeListener): void {
    this.keyListeners.push(listener);
  }

  /** How many hand-ins answered the question: the portal warns that their scores will be recalculated. */
  async answeredCount(examId: number, questionId: number): Promise<{ count: number }> {
    const exam = await this.exams.info(examId);
    if (exam.examType !== 'MCQ') throw badRequest(EXAM_MESSAGES.notMcq);
    if (!(await repo.findQuestion(this.db, examId, questionId))) throw notFound(QUESTION_NOT_FOUND);
    return { count: await answeredCount(this.db, questionId) };
  }

  /** The exam's questions changed by a write of this module's (e.g. a copy): its paper is read afresh. */
  paperChanged(examId: number): void {
    this.papers.forget(examId);
  }

  /** A fresh signed link to a question's picture, or null. */
  imageUrl(key: string | null): Promise<string | null> {
    const options = { ttlSeconds: this.config.downloadLinkTtlSeconds, fileName: fileNameOfKey(key ?? '') };
    return key ? this.storage.signedUrl(key, options) : Promise.resolve(null);
  }

  countByExam(db: DbOrTx, examIds: number[]): Promise<Map<number, number>> {
    return repo.countByExam(db, examIds);
  }

  async listForExam(db: DbOrTx, examId: number): Promise<McqQuestion[]> {
    return this.present(await repo.listForExam(db, examId));
  }

  deleteForExams(tx: Tx, examIds: number[]): Promise<string[]> {
    // The exams' content is going: students are refused them from the commit on, whatever is kept.
    for (const examId of examIds) this.paperChanged(examId);
    return repo.deleteForExams(tx, examIds);
  }

  async list(examId: number): Promise<McqQuestion[]> {
    const exam = await this.exams.info(examId);
    if (exam.examType !== 'MCQ') throw badRequest(EXAM_MESSAGES.notMcq);
    return this.listForExam(this.db, examId);
  }

  async create(examId: number, raw: unknown, image: StoredFile | null): Promise<McqQuestion> {
    const question = parseQuestion(raw);
    return this.add(examId, [question], [image], () => checkQuestion(question, !!image)).then(
      (added) => added[0] as McqQuestion,
    );
  }

  /** All or nothing: every question is checked first, then all are saved in one transaction. */
  createMany(examId: number, raw: unknown, images: readonly (StoredFile | null)[]): Promise<McqQuestion[]> {
    const questions = parseBulk(raw);
    return this.add(examId, questions, images, () => checkBulk(questions, images));
  }

  /**
   * Whether `count` questions could be added now (404, 400 for a PART II exam, 409 once it has
   * submissions or would pass the exam's limit), without adding them: the import's checks and dry run.
   */
  async checkCanAdd(examId: number, count: number): Promise<void> {
    await this.exams.withExamLocked(examId, (tx, exam) => this.assertCanAdd(tx, exam, examId, count));
  }

  /**
   * Questions read from a file, already checked by `numberedProblems` (the import's report), saved
   * like the add-many form's: the same checks under the exam's lock, then one batch insert.
   */
  importMany(
    examId: number,
    questions: QuestionInput[],
    images: readonly (StoredFile | null)[],
  ): Promise<McqQuestion[]> {
    const parsed = questions.map((question) => questionInputSchema.parse(question));
    return this.add(examId, parsed, images, () => checkBulk(parsed, images));
  }

  private async assertCanAdd(tx: Tx, exam: ExamInfo, examId: number, adding: number) {
    assertWritable(exam);
    if ((await this.exams.submissionCount(tx, examId)) > 0) throw conflict(SUBMITTED_ALREADY);
    const count = await repo.countForExam(tx, examId);
    if (count + adding > EXAM_LIMITS.questionsPerExam) {
      throw conflict(`An exam can have at most ${EXAM_LIMITS.questionsPerExam} questions; this one has ${count}.`);
    }
  }

  private async add(
    examId: number,
    questions: ParsedQuestion[],
    images: readonly (StoredFile | null)[],
    check: () => void,
  ): Promise<McqQuestion[]> {
    const rows = await this.exams.withExamLocked(examId, async (tx, exam) => {
      assertWritable(exam);
      check();
      await this.assertCanAdd(tx, exam, examId, questions.length);
      const values = questions.map((question, i) => toValues(question, images[i]?.key ?? null));
      return repo.insertQuestions(tx, examId, values);
    });
    this.paperChanged(examId);
    return this.present(rows);
  }

  /**
   * The picture stays unless a new one comes or removeImage is set. A new correct option on a
   * question students have answered re-scores their hand-ins in the same transaction (the key
   * listeners), so no mark outlives the key it was given on.
   */
  async update(
    examId: number,
    questionId: number,
    raw: unknown,
    image: StoredFile | null,
    actor: Principal | null = null,
  ): Promise<McqQuestion> {
    const question = parseQuestion(raw);
    const { row, oldKey } = await this.exams.withExamLocked(examId, async (tx, exam) => {
      assertWritable(exam);
      const current = await repo.findQuestion(tx, examId, questionId);
      if (!current) throw notFound(QUESTION_NOT_FOUND);
      const imageKey = image?.key ?? (question.removeImage ? null : current.imageKey);
      checkQuestion(question, imageKey !== null);
      const keyChanged = correctPosition(current.options) !== correctPosition(question.options);
      const row = await repo.updateQuestion(tx, current, toValues(question, imageKey));
      if (keyChanged && (await this.exams.answeredQuestions(tx, [questionId])).has(questionId)) {
        for (const listener of this.keyListeners) await listener(tx, actor, examId, questionId);
      }
      return { row, oldKey: current.imageKey !== imageKey ? current.imageKey : null };
    });
    this.paperChanged(examId);
    if (oldKey) await this.removeFile(oldKey);
    return (await this.present([row]))[0] as McqQuestion;
  }

  async delete(actor: Principal, examId: number, questionId: number): Promise<void> {
    const key = await this.exams.withExamLocked(examId, async (tx, exam) => {
      assertWritable(exam);
      const current = await repo.findQuestion(tx, examId, questionId);
      if (!current) throw notFound(QUESTION_NOT_FOUND);
      if ((await this.exams.answeredQuestions(tx, [questionId])).has(questionId)) {
        throw conflict(QUESTION_MESSAGES.answered);
      }
      await repo.deleteQuestion(tx, questionId);
      await audit(tx, actor, 'question.delete', `question:${questionId}`, {
        examId,
        examIdentifier: exam.examIdentifier,
        questionText: current.questionText?.slice(0, 200) ?? null,
      });
      return current.imageKey;
    });
    this.paperChanged(examId);
    if (key) await this.removeFile(key);
  }

  /** After the commit: a failed removal leaves an orphan file, never a row pointing at nothing. */
  private async removeFile(key: string) {
    await deleteStoredFiles(this.storage, this.log, [key]);
  }
}

/** Questions change only on an MCQ exam whose content is still there. */
function assertWritable(exam: ExamInfo) {
  if (exam.examType !== 'MCQ') throw badRequest(EXAM_MESSAGES.notMcq);
  if (exam.contentDeleted) throw conflict(EXAM_MESSAGES.contentDeleted);
}
