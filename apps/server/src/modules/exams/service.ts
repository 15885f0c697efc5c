import { type CommentBank, EXAM_MESSAGES, type Exam, MARKING_MESSAGES, type MarkScheme } from '@valence/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';
import type { Principal } from '../../lib/principal.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { CourseContent } from '../courses/course-content.js';
import * as activity from '../views/exam-activity.js';
import type { ExamInfo } from './exam-content.js';
import { duplicateExam, identifierElsewhere, parseNewExam } from './exam-input.js';
import { EXAM_NOT_FOUND, ExamReads } from './exam-reads.js';
import { ExamPresenter } from './presenter.js';
import * as repo from './repository.js';

export const NO_QUESTIONS = 'Add at least one question before publishing this MCQ exam.';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'log' | 'courses'>;

/**
 * Exams of a course (MCQ and PART II), their publication and marks gates, and their part in a
 * course delete. Questions attach themselves (`attach`); submissions are counted here.
 */
export class ExamsService extends ExamReads implements CourseContent {
  private readonly storage: ObjectStorage;
  private readonly config: Pick<Config, 'timeZone' | 'downloadLinkTtlSeconds'>;
  private readonly log: FastifyBaseLogger;

  constructor(deps: Deps) {
    super(deps.db, deps.courses, new ExamPresenter(deps.storage, deps.config));
    this.storage = deps.storage;
    this.config = deps.config;
    this.log = deps.log;
  }

  /**
   * Under the course's share lock (a course delete waits, or wins and this is a 404) and the
   * identifier's lock (two courses cannot take one identifier at once): an identifier belongs to one
   * course, since the marks summary finds exams by identifier alone, and a course has at most one
   * live exam of each type under it.
   */
  async create(raw: unknown, paper: StoredFile | null): Promise<Exam> {
    const input = parseNewExam(raw, paper, this.config.timeZone);
    const { examIdentifier: identifier, examType } = input;
    const id = await this.courses.withCourseLocked(input.courseId, async (tx, course) => {
      await repo.lockIdentifier(tx, identifier);
      const elsewhere = await repo.courseUsingIdentifier(tx, identifier, course.id);
      if (elsewhere !== undefined) {
        throw conflict(identifierElsewhere(identifier, (await this.courses.get(elsewhere, tx)).title));
      }
      if (await repo.hasLiveExam(tx, course.id, identifier, examType))
        throw conflict(duplicateExam(examType, identifier));
      try {
        return (await repo.insertExam(tx, { ...input, courseId: course.id, paperKey: paper?.key ?? null })).id;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(duplicateExam(examType, identifier));
        throw error;
      }
    });
    return this.get(id);
  }

  /**
   * Runs `work` holding the exam's row lock: changes to its questions, its publication and its
   * content happen one at a time and each sees the others' outcome. 404 for an unknown exam.
   */
  withExamLocked<T>(examId: number, work: (tx: Tx, exam: ExamInfo & repo.ExamRow) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const exam = await repo.lockExam(tx, examId);
      if (!exam) throw notFound(EXAM_NOT_FOUND);
      return work(tx, exam);
    });
  }

  /**
   * Runs `work` holding a share lock on the exam's row: students' submissions go on side by side,
   * while a change to the exam (its questions, publication, content) waits, and each sees the other.
   */
  withExamShared<T>(examId: number, work: (tx: Tx, exam: ExamInfo) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const exam = await repo.lockExam(tx, examId, 'share');
      if (!exam) throw notFound(EXAM_NOT_FOUND);
      return work(tx, exam);
    });
  }

  submissionCount(db: DbOrTx, examId: number): Promise<number> {
    return activity.countSubmissions(db, { examId });
  }

  /** Which of these questions some student has answered. */
  answeredQuestions(db: DbOrTx, questionIds: number[]): Promise<Set<number>> {
    return activity.answeredAmong(db, questionIds);
  }

  /**
   * Deletes what the exam holds (questions, their pictures, the paper), keeps the exam row marked
   * contentDeleted and unpublished. Refused while it has submissions: marks are never lost.
   */
  async deleteContent(actor: Principal, id: number): Promise<Exam> {
    const keys = await this.withExamLocked(id, async (tx, exam) => {
      if (exam.contentDeleted) throw conflict(EXAM_MESSAGES.contentDeleted);
      if ((await activity.countSubmissions(tx, { examId: id })) > 0) throw conflict(EXAM_MESSAGES.hasSubmissions);
      const keys = (await this.content?.deleteForExams(tx, [id])) ?? [];
      if (exam.paperKey) keys.push(exam.paperKey);
      await repo.updateExam(tx, id, { contentDeleted: true, published: false, paperKey: null });
      await audit(tx, actor, 'exam.deleteContent', `exam:${id}`, { ...describe(exam), files: keys.length });
      return keys;
    });
    await this.removeFiles(keys);
    return this.get(id);
  }

  /** Publishing needs content: not deleted, and for MCQ at least one question. Unpublishing always works. */
  async setPublished(actor: Principal, id: number, published: boolean): Promise<Exam> {
    await this.withExamLocked(id, async (tx, exam) => {
      if (published && exam.contentDeleted) throw conflict(EXAM_MESSAGES.contentDeleted);
      if (published && exam.examType === 'MCQ') {
        const counts = await this.content?.countByExam(tx, [id]);
        if (!counts?.get(id)) throw conflict(NO_QUESTIONS);
      }
      await repo.updateExam(tx, id, { published });
      await audit(tx, actor, published ? 'exam.publish' : 'exam.unpublish', `exam:${id}`, describe(exam));
    });
    return this.get(id);
  }

  /** Marks go out (or back) only for a published PART II exam; publishing says how many are unmarked. */
  async setGradesPublished(actor: Principal, id: number, gradesPublished: boolean): Promise<Exam> {
    await this.withExamLocked(id, async (tx, exam) => {
      if (exam.examType !== 'TRADITIONAL' || !exam.published || exam.contentDeleted) {
        throw conflict(EXAM_MESSAGES.gradesGate);
      }
      await repo.updateExam(tx, id, { gradesPublished });
      const unmarkedCount = await activity.countSubmissions(tx, { examId: id, unmarked: true });
      const action = gradesPublished ? 'exam.publishGrades' : 'exam.unpublishGrades';
      await audit(tx, actor, action, `exam:${id}`, { ...describe(exam), unmarkedCount });
    });
    return this.get(id);
  }

  /**
   * A PART II exam's mark scheme. Once scripts carry marks per question, its questions and their
   * maximum marks stay as they are (those marks were given against them); the labels may change.
   */
  async setMarkScheme(actor: Principal, id: number, markScheme: MarkScheme): Promise<{ markScheme: MarkScheme }> {
    return this.withExamLocked(id, async (tx, exam) => {
      if (exam.examType !== 'TRADITIONAL') throw badRequest(MARKING_MESSAGES.schemeOnlyPartTwo);
      if (exam.contentDeleted) throw conflict(EXAM_MESSAGES.contentDeleted);
      const sameShape =
        exam.markScheme.length === markScheme.length &&
        exam.markScheme.every((question, i) => question.maxMarks === markScheme[i]?.maxMarks);
      if (!sameShape) {
        const marked = await activity.countSubmissions(tx, { examId: id, questionMarks: true });
        if (marked > 0) throw conflict(schemeInUse(marked));
      }
      await repo.updateExam(tx, id, { markScheme });
      await audit(tx, actor, 'exam.markScheme', `exam:${id}`, {
        ...describe(exam),
        before: exam.markScheme,
        after: markScheme,
      });
      return { markScheme };
    });
  }

  /** The exam's reusable comments, replaced whole. */
  async setCommentBank(id: number, bank: CommentBank): Promise<CommentBank> {
    return this.withExamLocked(id, async (tx, exam) => {
      if (exam.contentDeleted) throw conflict(EXAM_MESSAGES.contentDeleted);
      await repo.updateExam(tx, id, { commentBank: bank.comments });
      return { comments: bank.comments };
    });
  }

  /**
   * Marks are never lost silently: a course whose exams have submissions cannot be deleted. Nothing
   * removes a submission short of deleting its student (an exam's content delete refuses them too),
   * so the advice is the one step that retires a course and keeps them: pausing it.
   */
  async refuseCourseDelete(tx: Tx, course: { id: number; title: string; paused: boolean }): Promise<void> {
    const submissions = await activity.countSubmissionsOfCourse(tx, course.id);
    if (submissions > 0) {
      const advice = course.paused
        ? 'It is paused: its students have no access and their marks stay.'
        : 'Pause the course instead: its students lose access and their marks stay.';
      throw conflict(
        `Cannot delete course "${course.title}" because its exams have ${submissions} submission(s), and marks are kept. ${advice}`,
      );
    }
  }

  /** The course's exams with their questions; answers every paper and picture key to remove after commit. */
  async deleteCourseContent(tx: Tx, courseId: number): Promise<string[]> {
    const rows = await repo.examsOfCourse(tx, courseId);
    const keys = rows.length
      ? ((await this.content?.deleteForExams(
          tx,
          rows.map((row) => row.id),
        )) ?? [])
      : [];
    keys.push(...rows.map((row) => row.paperKey).filter((key): key is string => !!key));
    await repo.deleteExamsOfCourse(tx, courseId);
    return keys;
  }

  /** How many exam submissions (marks) a student has: deleting the student deletes them too. */
  submissionsOfStudent(tx: DbOrTx, studentId: number): Promise<number> {
    return activity.countSubmissions(tx, { studentId });
  }

  /** Stored files go only after their rows are gone, so a failed delete never leaves rows pointing at nothing. */
  private async removeFiles(keys: string[]) {
    for (const key of keys) {
      await this.storage
        .delete(key)
        .catch((error) => this.log.warn({ err: error, key }, 'could not delete stored file'));
    }
  }
}

export const schemeInUse = (scripts: number) =>
  `${scripts} script(s) are already marked question by question against this mark scheme, so its questions and maximum marks cannot change now (their labels can).`;

const describe = (exam: repo.ExamRow) => ({
  title: exam.title,
  examIdentifier: exam.examIdentifier,
  examType: exam.examType,
});
