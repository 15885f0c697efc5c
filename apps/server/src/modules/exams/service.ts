import {
  type CommentBank,
  EXAM_MESSAGES,
  type Exam,
  type ExamOverride,
  type ExamOverrideList,
  examOverrideInputSchema,
  instantOf,
  MARKING_MESSAGES,
  type MarkScheme,
  OVERRIDE_MESSAGES,
  questionsPerStudentTooMany,
} from '@valence/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';
import type { Principal } from '../../lib/principal.js';
import { deleteStoredFiles } from '../../storage/delete-files.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { CourseContent } from '../courses/course-content.js';
import type { ExamInfo } from './exam-content.js';
import {
  checkWindow,
  duplicateExam,
  type ExamEdit,
  identifierElsewhere,
  parseExamEdit,
  parseNewExam,
} from './exam-input.js';
import { EXAM_NOT_FOUND, ExamReads } from './exam-reads.js';
import * as overrides from './override-repository.js';
import { ExamPresenter } from './presenter.js';
import * as activity from './reads-activity.js';
import { type OverrideWithStudent, overridesOfExam, studentInCourse } from './reads-overrides.js';
import * as repo from './repository.js';

export const NO_QUESTIONS = 'Add at least one question before publishing this MCQ exam.';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'log' | 'courses' | 'clock'>;

/**
 * Exams of a course (MCQ and PART II), their publication and marks gates, and their part in a
 * course delete. Questions attach themselves (`attach`); submissions are counted here.
 */
export class ExamsService extends ExamReads implements CourseContent {
  private readonly storage: ObjectStorage;
  private readonly config: Pick<Config, 'timeZone' | 'downloadLinkTtlSeconds'>;
  private readonly log: FastifyBaseLogger;
  private readonly clock: Clock;

  constructor(deps: Deps) {
    super(deps.db, deps.courses, new ExamPresenter(deps.storage, deps.config));
    this.storage = deps.storage;
    this.config = deps.config;
    this.log = deps.log;
    this.clock = deps.clock;
  }

  /**
   * Under the course's share lock (a course delete waits, or wins and this is a 404) and the
   * identifier's lock (two courses cannot take one identifier at once): an identifier belongs to one
   * course, since the marks summary finds exams by identifier alone, and a course has at most one
   * live exam of each type under it.
   */
  async create(raw: unknown, paper: StoredFile | null): Promise<Exam> {
    const input = parseNewExam(raw, paper, this.config.timeZone, this.clock());
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

  /**
   * PATCH: the fields given, checked as on creation and against the exam as it will be. A due date
   * moved later reopens a closed exam and one moved earlier ends sittings in progress at the new time:
   * both follow, since every deadline is worked out from the stored dates when it is asked. The audit
   * row holds each changed field before and after; an edit that changes nothing writes none.
   */
  async update(actor: Principal, id: number, raw: unknown): Promise<Exam> {
    const { edit, allowPastDueDate } = parseExamEdit(raw, this.config.timeZone);
    await this.withExamLocked(id, async (tx, exam) => {
      if (exam.contentDeleted) throw conflict(EXAM_MESSAGES.contentDeleted);
      const changes = changedFields(exam, edit);
      if (Object.keys(changes).length === 0) return;
      const after = { ...exam, ...changes };
      checkWindow(after, { now: this.clock(), changedDue: 'dueDate' in changes, allowPastDueDate });
      if (changes.questionsPerStudent != null) {
        const count = (await this.content?.countByExam(tx, [id]))?.get(id) ?? 0;
        if (changes.questionsPerStudent > count) {
          throw badRequest(questionsPerStudentTooMany(changes.questionsPerStudent, count));
        }
      }
      await repo.updateExam(tx, id, changes);
      const before = Object.fromEntries(Object.keys(changes).map((field) => [field, exam[field as keyof ExamEdit]]));
      await audit(tx, actor, 'exam.update', `exam:${id}`, {
        ...describe(exam),
        before: auditable(before),
        after: auditable(changes),
      });
    });
    return this.get(id);
  }

  /** The exam's overrides, with each student's names; 404 for an unknown exam. */
  async listOverrides(examId: number): Promise<ExamOverrideList> {
    await this.info(examId);
    return { items: (await overridesOfExam(this.db, examId)).map(presentOverride) };
  }

  /**
   * Sets one student's override whole (a field left out is cleared). The student must be ACTIVE in
   * the exam's course; their own opening must come before their own close.
   */
  async putOverride(actor: Principal, examId: number, studentId: number, raw: unknown): Promise<ExamOverride> {
    const parsed = examOverrideInputSchema.safeParse(raw ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? OVERRIDE_MESSAGES.empty);
    const { timeZone } = this.config;
    const values: overrides.OverrideValues = {
      extraMinutes: parsed.data.extraMinutes ?? null,
      opensAt: parsed.data.opensAt ? instantOf(parsed.data.opensAt, timeZone) : null,
      dueDate: parsed.data.dueDate ? instantOf(parsed.data.dueDate, timeZone) : null,
    };
    if (values.extraMinutes === null && values.opensAt === null && values.dueDate === null) {
      throw badRequest(OVERRIDE_MESSAGES.empty);
    }
    return this.withExamLocked(examId, async (tx, exam) => {
      const student = await studentInCourse(tx, studentId, exam.courseId);
      if (!student) throw notFound(OVERRIDE_MESSAGES.studentNotFound);
      if (!student.active) throw badRequest(OVERRIDE_MESSAGES.notEnrolled);
      const opensAt = values.opensAt ?? exam.opensAt;
      if (opensAt && opensAt.getTime() >= (values.dueDate ?? exam.dueDate).getTime()) {
        throw badRequest(EXAM_MESSAGES.opensBeforeDue);
      }
      const previous = await overrides.findOverride(tx, examId, studentId);
      const row = await overrides.upsertOverride(tx, examId, studentId, values, this.clock());
      await audit(tx, actor, 'exam.override', `exam:${examId}`, {
        ...describe(exam),
        studentId,
        username: student.username,
        before: previous ? auditable(overrideValues(previous)) : null,
        after: auditable(values),
      });
      return presentOverride({ ...row, username: student.username, name: student.name });
    });
  }

  /** Removes one student's override: they sit on the exam's own window again. 404 when there is none. */
  async deleteOverride(actor: Principal, examId: number, studentId: number): Promise<void> {
    await this.withExamLocked(examId, async (tx, exam) => {
      const removed = await overrides.deleteOverride(tx, examId, studentId);
      if (!removed) throw notFound(OVERRIDE_MESSAGES.notFound);
      await audit(tx, actor, 'exam.override.delete', `exam:${examId}`, {
        ...describe(exam),
        studentId,
        before: auditable(overrideValues(removed)),
      });
    });
  }

  /** Publishing needs content: not deleted, and for MCQ at least one question. Unpublishing always works. */
  async setPublished(actor: Principal, id: number, published: boolean): Promise<Exam> {
    await this.withExamLocked(id, async (tx, exam) => {
      if (published && exam.contentDeleted) throw conflict(EXAM_MESSAGES.contentDeleted);
      if (published && exam.examType === 'MCQ') {
        const count = (await this.content?.countByExam(tx, [id]))?.get(id) ?? 0;
        if (!count) throw conflict(NO_QUESTIONS);
        if (exam.questionsPerStudent !== null && exam.questionsPerStudent > count) {
          throw conflict(questionsPerStudentTooMany(exam.questionsPerStudent, count));
        }
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
    await deleteStoredFiles(this.storage, this.log, keys);
  }
}

export const schemeInUse = (scripts: number) =>
  `${scripts} script(s) are already marked question by question against this mark scheme, so its questions and maximum marks cannot change now (their labels can).`;

/** The fields of `edit` whose value differs from the exam's (dates by instant). */
function changedFields(exam: repo.ExamRow, edit: ExamEdit): ExamEdit {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edit)) {
    const current = exam[field as keyof ExamEdit];
    const same =
      value instanceof Date && current instanceof Date ? value.getTime() === current.getTime() : value === current;
    if (!same) changes[field] = value;
  }
  return changes as ExamEdit;
}

/** Dates as ISO text, so that the audit row reads the same wherever it is shown. */
const auditable = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, value instanceof Date ? value.toISOString() : value]),
  );

const overrideValues = (row: overrides.OverrideValues): overrides.OverrideValues => ({
  extraMinutes: row.extraMinutes,
  opensAt: row.opensAt,
  dueDate: row.dueDate,
});

const presentOverride = (row: OverrideWithStudent): ExamOverride => ({
  studentId: row.studentId,
  username: row.username,
  name: row.name ?? '',
  extraMinutes: row.extraMinutes,
  opensAt: row.opensAt?.toISOString() ?? null,
  dueDate: row.dueDate?.toISOString() ?? null,
});

const describe = (exam: repo.ExamRow) => ({
  title: exam.title,
  examIdentifier: exam.examIdentifier,
  examType: exam.examType,
});
