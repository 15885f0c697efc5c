import {
  MARKING_MESSAGES,
  type McqFeedback,
  type Page,
  type PageQuery,
  SUBMISSION_MESSAGES,
  type Submission,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';
import { pageOrAll, StreamedList } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import type { SubmissionRow } from '../submissions/service.js';
import { drawMarkedPaper, RENDERED_PREFIX, readGradeInput } from './marked-paper.js';
import { type ScriptForMark, scriptForMark } from './reads-mark.js';
import * as list from './reads-submission-list.js';
import * as repo from './repository.js';
import { StudioService, SUBMISSION_NOT_FOUND } from './studio.js';
import { assertCurrentAs, type Expected } from './versions.js';

export const NOT_MCQ_SUBMISSION = 'This submission is not an MCQ submission.';

/** A grade whose script keeps changing under it gives up after this many reads (409). */
const MAX_GRADE_ATTEMPTS = 5;

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'log' | 'exams' | 'questions' | 'submissions'>;

/**
 * Staff's work on what students handed in: an exam's scripts (paged and searched in SQL), marking,
 * and the MCQ answers of one student. It writes a mark only through the `submissions` module, which
 * owns the tables; the marks views (`MarksService`) live beside it.
 */
export class MarkingService {
  /** The marking studio's calls. */
  readonly studio: StudioService;

  constructor(private readonly deps: Deps) {
    this.studio = new StudioService(deps);
  }

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
   *
   * Four statements: the script with all a mark is decided on (`scriptForMark`), then in one
   * transaction the mark written only if the script is still at the version read, the claim ended
   * and the audit row. A script changed in between (another save) is read again and decided anew,
   * as a lock would have made it wait and then see the change; no row is held while a paper renders.
   */
  async grade(
    actor: Principal,
    id: number,
    raw: Record<string, unknown>,
    uploaded: StoredFile | null,
    expected: Expected = undefined,
  ): Promise<Submission> {
    for (let attempt = 1; ; attempt++) {
      const row = await scriptForMark(this.deps.db, id);
      if (!row) throw notFound(SUBMISSION_NOT_FOUND);
      const { exam } = row;
      if (exam.contentDeleted) throw conflict(SUBMISSION_MESSAGES.contentDeleted);
      assertCurrentAs(row, expected, this.deps.config.timeZone);
      const input = readGradeInput(exam, raw);
      const partTwo = exam.examType === 'TRADITIONAL';
      const unchanged = input.traditionalScore === row.traditionalScore;
      const gradedAt = input.traditionalScore === null ? null : unchanged && row.gradedAt ? row.gradedAt : new Date();
      // A score given alone keeps the marks per question only when it is still their sum.
      const nextMarks = input.questionMarks ?? (unchanged ? row.questionMarks : null);
      // Drawn before the transaction, so the statements that write wait for no page to render.
      const drawn = uploaded ? null : await this.drawFor(row, input.traditionalScore, nextMarks, input);
      const paper = uploaded ?? drawn;
      let saved: SubmissionRow | undefined;
      try {
        saved = await this.deps.db.transaction(async (tx) => {
          const written = await this.deps.submissions.recordMarkAt(
            tx,
            id,
            row.version,
            {
              instructorFeedback: input.instructorFeedback,
              ...(partTwo ? { traditionalScore: input.traditionalScore, gradedAt, questionMarks: nextMarks } : {}),
              ...(paper ? { markedPaperKey: paper.key } : {}),
            },
            actor.id,
          );
          if (!written) return undefined;
          await repo.release(tx, id);
          await auditGrade(
            tx,
            actor,
            row,
            { examType: exam.examType, examIdentifier: exam.examIdentifier },
            {
              traditionalScore: partTwo ? input.traditionalScore : row.traditionalScore,
              questionMarks: partTwo ? nextMarks : row.questionMarks,
              feedbackChanged: input.instructorFeedback !== row.instructorFeedback,
              markedPaperChanged: paper !== null,
              markedPaperDrawn: drawn !== null,
            },
          );
          return written;
        });
      } catch (error) {
        await this.files.remove([drawn?.key]);
        throw error;
      }
      if (!saved) {
        // Changed since it was read: decided again on what is stored now (a stale If-Match is refused then).
        await this.files.remove([drawn?.key]);
        if (attempt >= MAX_GRADE_ATTEMPTS) throw conflict(MARKING_MESSAGES.changedWhileSaving);
        continue;
      }
      if (paper) await this.files.remove([row.markedPaperKey]);
      return this.files.present(
        { ...saved, studentName: row.studentName, username: row.username },
        exam.examIdentifier,
      );
    }
  }

  /**
   * The marked paper to draw for this grade, stored, or null: only for a PART II script that the
   * grade scores, that has annotations or marks per question, and whose marked paper (if any) was
   * drawn here too.
   */
  private async drawFor(
    row: ScriptForMark,
    total: number | null,
    questionMarks: number[] | null,
    input: { instructorFeedback: string | null },
  ): Promise<StoredFile | null> {
    if (!row.answerKey || total === null || row.exam.examType !== 'TRADITIONAL') return null;
    if (row.markedPaperKey && !row.markedPaperKey.startsWith(RENDERED_PREFIX)) return null;
    if (row.annotations.length === 0 && !questionMarks) return null;
    return drawMarkedPaper(
      this.deps.storage,
      {
        answerKey: row.answerKey,
        annotations: row.annotations,
        total,
        scheme: row.exam.markScheme,
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
