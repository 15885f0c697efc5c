import {
  gradeFieldsSchema,
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
import { pageOrAll } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import type { SubmissionRow } from '../submissions/service.js';
import * as list from '../views/submission-list.js';

export const SUBMISSION_NOT_FOUND = 'Submission not found.';
export const NOT_MCQ_SUBMISSION = 'This submission is not an MCQ submission.';

type Deps = Pick<FastifyInstance, 'db' | 'exams' | 'questions' | 'submissions'>;

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

  /** Newest first; `q` matches the student's name or username (contains, any case) or their exact id. */
  async list(examId: number, query: PageQuery): Promise<Submission[] | Page<Submission>> {
    const exam = { id: examId, identifier: this.deps.exams.identifierSql(examId) };
    const answer = await pageOrAll<list.ListedRow & { examIdentifier: string | null }>(query, {
      page: (window) => list.pageOfExam(this.deps.db, exam, query.q, window),
      count: () => list.countOfExam(this.deps.db, examId, query.q),
    });
    const rows = Array.isArray(answer) ? answer : answer.items;
    // Rows prove the exam exists and carry its identifier; an empty list may be an unknown exam (404).
    const identifier = rows[0]?.examIdentifier ?? (await this.deps.exams.info(examId)).examIdentifier;
    const present = (items: list.ListedRow[]) => Promise.all(items.map((row) => this.files.present(row, identifier)));
    return Array.isArray(answer) ? present(answer) : { ...answer, items: await present(answer.items) };
  }

  async get(id: number): Promise<Submission> {
    const row = await list.findListed(this.deps.db, id);
    if (!row) throw notFound(SUBMISSION_NOT_FOUND);
    return this.files.present(row, (await this.deps.exams.info(row.examId)).examIdentifier);
  }

  /**
   * Marks a script, or changes its mark. PART II: a score (0–100) marks it, an empty one leaves it
   * unmarked. MCQ: feedback only, the score is the machine's. A marked paper replaces the one before,
   * whose file goes after the commit. Every grade is audited with what it was and what it became.
   */
  async grade(
    actor: Principal,
    id: number,
    raw: Record<string, unknown>,
    paper: StoredFile | null,
  ): Promise<Submission> {
    const oldPaper = await this.deps.db.transaction(async (tx) => {
      const current = await this.deps.submissions.lockForMarking(tx, id);
      if (!current) throw notFound(SUBMISSION_NOT_FOUND);
      const exam = await this.deps.exams.info(current.examId, tx);
      if (exam.contentDeleted) throw conflict(SUBMISSION_MESSAGES.contentDeleted);
      const parsed = gradeFieldsSchema.safeParse(raw);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? SUBMISSION_MESSAGES.scoreNumber);
      const { traditionalScore, instructorFeedback } = parsed.data;
      const partTwo = exam.examType === 'TRADITIONAL';
      if (!partTwo && traditionalScore !== null) throw badRequest(SUBMISSION_MESSAGES.scoreOnlyPartTwo);
      const unchanged = traditionalScore === current.traditionalScore;
      const gradedAt = traditionalScore === null ? null : unchanged && current.gradedAt ? current.gradedAt : new Date();
      await this.deps.submissions.recordMark(tx, id, {
        instructorFeedback,
        ...(partTwo ? { traditionalScore, gradedAt } : {}),
        ...(paper ? { markedPaperKey: paper.key } : {}),
      });
      await auditGrade(
        tx,
        actor,
        current,
        { examType: exam.examType, examIdentifier: exam.examIdentifier },
        {
          traditionalScore: partTwo ? traditionalScore : current.traditionalScore,
          feedbackChanged: instructorFeedback !== current.instructorFeedback,
          markedPaperChanged: paper !== null,
        },
      );
      return paper ? current.markedPaperKey : null;
    });
    await this.files.remove([oldPaper]);
    return this.get(id);
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
  after: { traditionalScore: number | null; feedbackChanged: boolean; markedPaperChanged: boolean },
) {
  return audit(tx, actor, 'submission.grade', `submission:${before.id}`, {
    examId: before.examId,
    ...exam,
    studentId: before.studentId,
    before: { traditionalScore: before.traditionalScore, hadFeedback: before.instructorFeedback !== null },
    after,
    regrade: before.gradedAt !== null && exam.examType === 'TRADITIONAL',
  });
}
