import {
  type ExamType,
  type McqAnswers,
  type MySubmission,
  mcqScoreOutOf50,
  type StudentExam,
  SUBMISSION_MESSAGES,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';
import type { Principal } from '../../lib/principal.js';
import type { ExamInfo } from '../exams/exam-content.js';
import { EXAM_NOT_FOUND } from '../exams/exam-reads.js';
import { mine, SubmissionFiles } from './presenter.js';
import * as repo from './repository.js';

export const NOT_ENROLLED = 'You are not enrolled in this course.';
export const NO_PAPER = 'This exam has no paper: it is answered by choosing options.';
export const ANSWERED_TWICE = 'Each question may be answered only once.';
export const NO_ANSWER_FILE = 'Please attach your answer file.';
export const WRONG_WAY: Record<ExamType, string> = {
  MCQ: 'This exam is answered by choosing options, not by uploading a file.',
  TRADITIONAL: 'This exam is answered by uploading a file, not by choosing options.',
};

type Deps = Pick<
  FastifyInstance,
  'db' | 'storage' | 'config' | 'log' | 'courses' | 'enrollments' | 'exams' | 'questions'
>;

/**
 * What students hand in, and the only module that writes the submissions tables. Its students' side:
 * what they may sit (published, content there, a course they are actively enrolled in), the PART II
 * paper, and their one submission per exam: MCQ answers marked at once, or a PART II script
 * replaceable until the due date or until it is marked. An unpublished exam is answered as unknown
 * (404), so its existence is not revealed. Staff's work on a submission (the `marking` module) goes
 * through the locked read and the update below; the files' links are `files`.
 */
export class SubmissionsService {
  readonly files: SubmissionFiles;

  constructor(private readonly deps: Deps) {
    this.files = new SubmissionFiles(deps.storage, deps.config, deps.log);
  }

  /** The submission, locked until the transaction ends: grades change one at a time. */
  lockForMarking(tx: Tx, id: number): Promise<repo.SubmissionRow | undefined> {
    return repo.lockSubmission(tx, id);
  }

  /** Writes a mark (score, feedback, marked paper) on a submission locked by `lockForMarking`. */
  recordMark(tx: Tx, id: number, values: repo.MarkValues): Promise<repo.SubmissionRow> {
    return repo.updateSubmission(tx, id, values);
  }

  /** The student's MCQ answers: which option (null: none) for each question answered. */
  answersOf(db: DbOrTx, submissionId: number) {
    return repo.answersOf(db, submissionId);
  }

  /** A student's submissions go with the student: answers the files to remove once that commits. */
  deleteOfStudent(tx: Tx, studentId: number): Promise<string[]> {
    return repo.deleteOfStudent(tx, studentId);
  }

  /** Soonest due first; MCQ questions with their options in stored order, never the answer key. */
  async myExams(student: Principal): Promise<StudentExam[]> {
    const courseIds = await this.deps.enrollments.activeCourseIds(student.id);
    const exams = await this.deps.exams.publishedOfCourses(courseIds);
    const ids = exams.map((exam) => exam.id);
    const [courses, questions, submitted] = await Promise.all([
      this.deps.courses.listByIds(courseIds),
      this.deps.questions.forStudents(exams.filter((exam) => exam.examType === 'MCQ').map((exam) => exam.id)),
      repo.submittedAmong(this.deps.db, student.id, ids),
    ]);
    const titles = new Map(courses.map((course) => [course.id, course.title]));
    return exams.map((exam) => ({
      id: exam.id,
      courseId: exam.courseId,
      courseTitle: titles.get(exam.courseId) ?? '',
      title: exam.title,
      description: exam.description,
      dueDate: exam.dueDate.toISOString(),
      examType: exam.examType,
      examIdentifier: exam.examIdentifier,
      questions: questions.get(exam.id) ?? [],
      submitted: submitted.has(exam.id),
    }));
  }

  async paper(student: Principal, examId: number): Promise<{ url: string }> {
    const exam = await this.open(student, examId);
    const url = exam.examType === 'TRADITIONAL' ? await this.deps.exams.paperLink(examId) : null;
    if (!url) throw notFound(NO_PAPER);
    return { url };
  }

  /**
   * Scored at once: 50 × correct ÷ the exam's questions, an unanswered question counting as wrong.
   * Under the exam's share lock, so questions and publication cannot change meanwhile; the unique
   * index keeps it to one submission even when several arrive together.
   */
  async submitMcq(student: Principal, examId: number, input: McqAnswers): Promise<MySubmission> {
    await this.open(student, examId);
    return this.deps.exams.withExamShared(examId, async (tx, exam) => {
      assertAnswerable(exam, 'MCQ');
      const key = await this.deps.questions.answerKey(tx, examId);
      const options = new Map(
        key.flatMap((q) => q.options.map((o) => [o.id, { questionId: q.id, correct: o.isCorrect }])),
      );
      const seen = new Set<number>();
      let correct = 0;
      for (const answer of input.answers) {
        const option = options.get(answer.optionId);
        if (option?.questionId !== answer.questionId) throw badRequest(SUBMISSION_MESSAGES.notYourOption);
        if (seen.has(answer.questionId)) throw badRequest(ANSWERED_TWICE);
        seen.add(answer.questionId);
        if (option.correct) correct += 1;
      }
      const row = await repo.insertSubmission(tx, {
        examId,
        studentId: student.id,
        mcqScore: mcqScoreOutOf50(correct, key.length),
        gradedAt: new Date(),
      });
      if (!row) throw conflict(SUBMISSION_MESSAGES.alreadySubmitted);
      await repo.insertAnswers(tx, row.id, input.answers);
      return mine(row, exam);
    });
  }

  /** Before a script's bytes are read: whether this student may hand one in to this exam now. */
  async checkUpload(student: Principal, examId: number): Promise<void> {
    assertAnswerable(await this.open(student, examId), 'TRADITIONAL');
  }

  /**
   * The student's PART II script: a first one creates the submission (201), a later one replaces
   * the file (200) until the due date or until it is marked. Two first uploads at once make one
   * row (the unique index); the replaced file is removed after the commit.
   */
  async upload(student: Principal, examId: number, file: StoredFile | null) {
    if (!file) throw badRequest(NO_ANSWER_FILE);
    await this.open(student, examId);
    const result = await this.deps.exams.withExamShared(examId, async (tx, exam) => {
      assertAnswerable(exam, 'TRADITIONAL');
      const created = await repo.insertSubmission(tx, { examId, studentId: student.id, answerKey: file.key });
      if (created) return { row: created, exam, created: true, oldKey: null };
      const current = await repo.lockMine(tx, examId, student.id);
      if (!current) throw conflict(SUBMISSION_MESSAGES.alreadySubmitted);
      if (current.traditionalScore !== null) throw conflict(SUBMISSION_MESSAGES.marked);
      const row = await repo.updateSubmission(tx, current.id, { answerKey: file.key, submittedAt: new Date() });
      return { row, exam, created: false, oldKey: current.answerKey };
    });
    await this.files.remove([result.oldKey]);
    return { created: result.created, submission: mine(result.row, result.exam) };
  }

  /** An exam the student may see: published, content there (else 404), of an active course (else 403). */
  private async open(student: Principal, examId: number): Promise<ExamInfo> {
    const exam = await this.deps.exams.info(examId);
    if (!exam.published || exam.contentDeleted) throw notFound(EXAM_NOT_FOUND);
    if (!(await this.deps.enrollments.isActive(student.id, exam.courseId))) throw forbidden(NOT_ENROLLED);
    return exam;
  }
}

/** Open for this kind of answer: the exam's own type, still published with content, before its due date. */
function assertAnswerable(exam: ExamInfo, type: ExamType) {
  if (!exam.published || exam.contentDeleted) throw notFound(EXAM_NOT_FOUND);
  if (exam.examType !== type) throw badRequest(WRONG_WAY[exam.examType]);
  if (exam.dueDate.getTime() <= Date.now()) throw conflict(SUBMISSION_MESSAGES.pastDue);
}
