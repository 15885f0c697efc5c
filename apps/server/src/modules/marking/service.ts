import { type McqFeedback, type Page, type PageQuery, SUBMISSION_MESSAGES, type Submission } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';
import { pageOrAll, StreamedList } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import type { SubmissionRow } from '../submissions/service.js';
import * as list from '../views/submission-list.js';
import { drawMarkedPaper, RENDERED_PREFIX, readGradeInput } from './marked-paper.js';
import * as repo from './repository.js';
import { assertCurrent, type Expected } from './versions.js';

export const SUBMISSION_NOT_FOUND = 'Submission not found.';
export const NOT_MCQ_SUBMISSION = 'This submission is not an MCQ submission.';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'log' | 'exams' | 'questions' | 'submissions'>;

/**
 * Staff's work on what students handed in: an exam's scripts (paged and searched in SQL), marking,
 * and the MCQ answers of one student. It writes a mark only through the `submissions` module, which
 * owns the tables; the marks views (`MarksService`) live beside it.
 */
export class MarkingService {
  constructor(private readonly deps: Deps) {}

  private get files() {
    return this.deps.submissions.files;
  }

  /**
   * Newest first; `q` matches the student's name or username (contains, any case) or their exact id.
   * A one- or two-letter search's total stops at the next hundred past the page (`totalCapped`
   * beyond it).
   */
  async list(examId: number, query: PageQuery): Promise<StreamedList<Submission> | Page<Submission>> {
    const answer = await pageOrAll<list.ListedRow & { examIdentifier: string | null }>(query, {
      page: (window) => list.pageOfExam(this.deps.db, examId, query.q, window),
      count: (window) => list.countOfExam(this.deps.db, examId, query.q, window.countLimit),
      capped: list.searchIsCapped(query.q),
    });
    const rows = answer instanceof StreamedList ? answer.firstPage : answer.items;
    // Rows prove the exam exists and carry its identifier; an empty list may be an unknown exam (404).
    const identifier = rows[0]?.examIdentifier ?? (await this.deps.exams.info(examId)).examIdentifier;
    const present = (items: list.ListedRow[]) => Promise.all(items.map((row) => this.files.present(row, identifier)));
    return answer instanceof StreamedList
      ? answer.mapPages(present)
      : { ...answer, items: await present(answer.items) };
  }

  async get(id: number): Promise<Submission> {
    const row = await list.findListed(this.deps.db, id);
    if (!row) throw notFound(SUBMISSION_NOT_FOUND);
    return this.files.present(row, (await this.deps.exams.info(row.examId)).examIdentifier);
  }

  /**
   * Marks a script, or changes its mark. PART II: a score (0–100) marks it, an empty one leaves it
   * unmarked; with a mark scheme, marks per question may come instead, their sum the score. MCQ:
   * feedback only, the score is the machine's. A marked paper replaces the one before, whose file
   * goes after the commit. Without an uploaded paper, a scored script with annotations or marks per
   * question gets one drawn (never over a paper a tutor uploaded). Saving ends any claim on the
   * script. Every grade is audited with what it was and what it became. With `expected` (the
   * request's If-Match) a grade made from an older version than the stored one is refused (409).
   */
  async grade(
    actor: Principal,
    id: number,
    raw: Record<string, unknown>,
    uploaded: StoredFile | null,
    expected: Expected = undefined,
  ): Promise<Submission> {
    // A stale grade is refused before a paper is drawn for it (the transaction checks again).
    if (typeof expected === 'number') {
      const row = await list.findListed(this.deps.db, id);
      if (row) await assertCurrent(this.deps.db, row, expected, this.deps.config.timeZone);
    }
    // Drawn before the transaction, so the row is not held while pages render; the transaction
    // checks everything again, and a paper drawn for a grade that then fails is removed.
    const drawn = uploaded ? null : await this.drawFor(id, raw);
    const paper = uploaded ?? drawn;
    let oldPaper: string | null;
    try {
      oldPaper = await this.deps.db.transaction(async (tx) => {
        const current = await this.deps.submissions.lockForMarking(tx, id);
        if (!current) throw notFound(SUBMISSION_NOT_FOUND);
        const exam = await this.deps.exams.info(current.examId, tx);
        if (exam.contentDeleted) throw conflict(SUBMISSION_MESSAGES.contentDeleted);
        await assertCurrent(tx, current, expected, this.deps.config.timeZone);
        const { traditionalScore, instructorFeedback, questionMarks } = readGradeInput(exam, raw);
        const partTwo = exam.examType === 'TRADITIONAL';
        const unchanged = traditionalScore === current.traditionalScore;
        const gradedAt =
          traditionalScore === null ? null : unchanged && current.gradedAt ? current.gradedAt : new Date();
        // A score given alone keeps the marks per question only when it is still their sum.
        const nextMarks = questionMarks ?? (unchanged ? current.questionMarks : null);
        await this.deps.submissions.recordMark(
          tx,
          id,
          {
            instructorFeedback,
            ...(partTwo ? { traditionalScore, gradedAt, questionMarks: nextMarks } : {}),
            ...(paper ? { markedPaperKey: paper.key } : {}),
          },
          actor.id,
        );
        await repo.release(tx, id);
        await auditGrade(
          tx,
          actor,
          current,
          { examType: exam.examType, examIdentifier: exam.examIdentifier },
          {
            traditionalScore: partTwo ? traditionalScore : current.traditionalScore,
            questionMarks: partTwo ? nextMarks : current.questionMarks,
            feedbackChanged: instructorFeedback !== current.instructorFeedback,
            markedPaperChanged: paper !== null,
            markedPaperDrawn: drawn !== null,
          },
        );
        return paper ? current.markedPaperKey : null;
      });
    } catch (error) {
      await this.files.remove([drawn?.key]);
      throw error;
    }
    await this.files.remove([oldPaper]);
    return this.get(id);
  }

  /**
   * The marked paper to draw for this grade, stored, or null: only for a PART II script that the
   * grade scores, that has annotations or marks per question, and whose marked paper (if any) was
   * drawn here too. A form the rules refuse draws nothing (the transaction answers why).
   */
  private async drawFor(id: number, raw: Record<string, unknown>): Promise<StoredFile | null> {
    const row = await list.findListed(this.deps.db, id);
    if (!row?.answerKey) return null;
    if (row.markedPaperKey && !row.markedPaperKey.startsWith(RENDERED_PREFIX)) return null;
    const exam = await this.deps.exams.info(row.examId);
    if (exam.contentDeleted || exam.examType !== 'TRADITIONAL') return null;
    const input = readGradeInput(exam, raw);
    if (input.traditionalScore === null) return null;
    const annotations = await repo.annotationsOf(this.deps.db, id);
    const questionMarks =
      input.questionMarks ?? (input.traditionalScore === row.traditionalScore ? row.questionMarks : null);
    if (annotations.length === 0 && !questionMarks) return null;
    return drawMarkedPaper(
      this.deps.storage,
      {
        answerKey: row.answerKey,
        annotations,
        total: input.traditionalScore,
        scheme: exam.markScheme,
        questionMarks,
        feedback: input.instructorFeedback,
      },
      this.deps.log,
    );
  }

  /** The student's MCQ answers against the exam's current questions, in their order. */
  async mcqFeedback(id: number): Promise<McqFeedback> {
    const row = await list.findListed(this.deps.db, id);
    if (!row) throw notFound(SUBMISSION_NOT_FOUND);
    const exam = await this.deps.exams.info(row.examId);
    if (exam.examType !== 'MCQ') throw badRequest(NOT_MCQ_SUBMISSION);
    const [questions, answers] = await Promise.all([
      this.deps.questions.listForExam(this.deps.db, exam.id),
      this.deps.submissions.answersOf(this.deps.db, id),
    ]);
    const chosen = new Map(answers.map((answer) => [answer.questionId, answer.optionId]));
    const questionsFeedback = questions.map((question) => {
      const selected = question.options.find((option) => option.id === chosen.get(question.id));
      return {
        questionId: question.id,
        questionText: question.questionText,
        questionImagePath: question.questionImageUrl,
        studentSelectedOptionText: selected?.optionText ?? null,
        studentCorrect: selected?.isCorrect ?? false,
        correctOptionText: question.options.find((option) => option.isCorrect)?.optionText ?? null,
      };
    });
    return {
      studentName: row.studentName,
      mcqScore: row.mcqScore,
      correctCount: questionsFeedback.filter((question) => question.studentCorrect).length,
      totalQuestions: questions.length,
      questionsFeedback,
    };
  }
}

export function auditGrade(
  tx: Tx,
  actor: Principal,
  before: SubmissionRow,
  exam: { examType: string; examIdentifier: string },
  after: {
    traditionalScore: number | null;
    questionMarks: number[] | null;
    feedbackChanged: boolean;
    markedPaperChanged: boolean;
    markedPaperDrawn: boolean;
  },
) {
  return audit(tx, actor, 'submission.grade', `submission:${before.id}`, {
    examId: before.examId,
    ...exam,
    studentId: before.studentId,
    before: {
      traditionalScore: before.traditionalScore,
      questionMarks: before.questionMarks,
      hadFeedback: before.instructorFeedback !== null,
    },
    after,
    regrade: before.gradedAt !== null && exam.examType === 'TRADITIONAL',
  });
}
