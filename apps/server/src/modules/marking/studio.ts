import {
  type Annotations,
  type AnnotationsInput,
  MARKING_LIMITS,
  MARKING_MESSAGES,
  type MarkingOverview,
  type NextScript,
  type StudioScript,
  SUBMISSION_MESSAGES,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import type { ExamInfo } from '../exams/exam-content.js';
import * as queue from '../views/marking-queue.js';
import * as list from '../views/submission-list.js';
import { scriptKindOf } from './marked-paper.js';
import * as repo from './repository.js';
import { SUBMISSION_NOT_FOUND } from './service.js';
import { assertCurrent, type Expected } from './versions.js';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'exams' | 'submissions'>;

/** Only a PART II exam whose content is still there is marked in the studio. */
export function assertMarkable(exam: ExamInfo) {
  if (exam.contentDeleted) throw conflict(SUBMISSION_MESSAGES.contentDeleted);
  if (exam.examType !== 'TRADITIONAL') throw badRequest(MARKING_MESSAGES.notPartTwo);
}

/**
 * The marking studio's server side: a script with its neighbours, the annotations drawn on it, the
 * exam's progress, scheme and comment bank, and "next unmarked", which claims the script it gives
 * so two tutors never mark the same one. The mark itself goes through `MarkingService.grade`.
 */
export class StudioService {
  constructor(private readonly deps: Deps) {}

  /** The script and its exam; 404 for an unknown one, refused unless the studio may mark it. */
  private async markable(id: number) {
    const row = await list.findListed(this.deps.db, id);
    if (!row) throw notFound(SUBMISSION_NOT_FOUND);
    const exam = await this.deps.exams.info(row.examId);
    assertMarkable(exam);
    return { row, exam };
  }

  async annotations(id: number): Promise<Annotations> {
    const { row } = await this.markable(id);
    const saved = await queue.annotationsWithEditor(this.deps.db, id);
    return {
      items: saved?.items ?? [],
      updatedAt: saved?.updatedAt.toISOString() ?? null,
      updatedBy: saved?.updatedBy ?? null,
      // Read before the annotations: were they saved in between, a save from this version conflicts
      // rather than passing over them.
      version: row.version,
    };
  }

  /**
   * Replaces the script's annotations with these (the studio sends its whole set each time). They
   * are part of the mark (the marked paper is drawn from them), so they count as a change of the
   * script: refused when `expected` is an older version, and the version moves on.
   */
  async saveAnnotations(
    actor: Principal,
    id: number,
    input: AnnotationsInput,
    expected: Expected = undefined,
  ): Promise<Annotations> {
    await this.markable(id);
    return this.deps.db.transaction(async (tx) => {
      const current = await this.deps.submissions.lockForMarking(tx, id);
      if (!current) throw notFound(SUBMISSION_NOT_FOUND);
      await assertCurrent(tx, current, expected, this.deps.config.timeZone);
      const updatedAt = await repo.saveAnnotations(tx, id, input.items, actor.id);
      const changed = await this.deps.submissions.recordChange(tx, id, actor.id);
      return {
        items: input.items,
        updatedAt: updatedAt.toISOString(),
        updatedBy: actor.username,
        version: changed.version,
      };
    });
  }

  async script(id: number): Promise<StudioScript> {
    const { row, exam } = await this.markable(id);
    const files = this.deps.submissions.files;
    const [scriptUrl, markedPaperUrl, around] = await Promise.all([
      files.link(row.answerKey, row.username, exam.examIdentifier, 'answer'),
      files.link(row.markedPaperKey, row.username, exam.examIdentifier, 'marked'),
      queue.neighbours(this.deps.db, exam.id, id),
    ]);
    return {
      id: row.id,
      examId: row.examId,
      studentId: row.studentId,
      studentName: row.studentName,
      username: row.username,
      submittedAt: row.submittedAt.toISOString(),
      traditionalScore: row.traditionalScore,
      questionMarks: row.questionMarks,
      instructorFeedback: row.instructorFeedback,
      gradedAt: row.gradedAt?.toISOString() ?? null,
      version: row.version,
      scriptKind: scriptKindOf(row.answerKey),
      scriptUrl,
      markedPaperUrl,
      ...around,
    };
  }

  async overview(examId: number): Promise<MarkingOverview> {
    const info = await this.deps.exams.info(examId);
    assertMarkable(info);
    const exam = await this.deps.exams.get(examId);
    return {
      examId,
      examTitle: exam.title,
      examIdentifier: exam.examIdentifier,
      courseTitle: exam.courseTitle,
      total: exam.submissionCount,
      marked: exam.submissionCount - exam.unmarkedCount,
      markScheme: info.markScheme,
      comments: info.commentBank,
    };
  }

  /**
   * Claims the next unmarked script in the list's order after `after` (wrapping round) for the
   * caller, or answers none. The exam's queue lock makes the pick and the claim one step: a tutor
   * asking at the same moment waits, then sees this claim and is given another script.
   */
  async next(actor: Principal, examId: number, after: number | undefined): Promise<NextScript> {
    assertMarkable(await this.deps.exams.info(examId));
    return this.deps.db.transaction(async (tx) => {
      await repo.lockQueue(tx, examId);
      const submissionId = await queue.nextUnmarked(tx, examId, actor.id, after);
      if (submissionId !== null) {
        await repo.claim(tx, examId, submissionId, actor.id, MARKING_LIMITS.claimMinutes);
      }
      return { submissionId, ...(await queue.progress(tx, examId)) };
    });
  }
}
