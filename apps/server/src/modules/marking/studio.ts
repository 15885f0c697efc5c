import {
  type Annotations,
  type AnnotationsInput,
  MARKING_LIMITS,
  MARKING_MESSAGES,
  type MarkingOverview,
  type NextScript,
  type StudioOpening,
  type StudioScript,
  SUBMISSION_MESSAGES,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import type { ExamInfo } from '../exams/exam-content.js';
import { EXAM_NOT_FOUND } from '../exams/exam-reads.js';
import { scriptKindOf } from './marked-paper.js';
import * as queue from './reads-queue.js';
import * as repo from './repository.js';
import { assertCurrent, type Expected } from './versions.js';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'submissions'>;

export const SUBMISSION_NOT_FOUND = 'Submission not found.';

/** Only a PART II exam whose content is still there is marked in the studio. */
export function assertMarkable(exam: Pick<ExamInfo, 'contentDeleted' | 'examType'>) {
  if (exam.contentDeleted) throw conflict(SUBMISSION_MESSAGES.contentDeleted);
  if (exam.examType !== 'TRADITIONAL') throw badRequest(MARKING_MESSAGES.notPartTwo);
}

/**
 * The marking studio's server side: a script with its neighbours, the annotations drawn on it, the
 * exam's progress, scheme and comment bank, and "next unmarked", which claims the script it gives
 * so two tutors never mark the same one; `open` answers all the studio needs to open in one call.
 * The mark itself goes through `MarkingService.grade`.
 */
export class StudioService {
  constructor(private readonly deps: Deps) {}

  /** The script, its exam, neighbours and annotations; 404 for an unknown one, refused unless the studio may mark it. */
  private async markable(id: number): Promise<queue.StudioScriptRow> {
    const row = await queue.studioScript(this.deps.db, id);
    if (!row) throw notFound(SUBMISSION_NOT_FOUND);
    assertMarkable(row);
    return row;
  }

  async annotations(id: number): Promise<Annotations> {
    return annotationsOf(await this.markable(id));
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
    return this.present(await this.markable(id));
  }

  private async present(row: queue.StudioScriptRow): Promise<StudioScript> {
    const files = this.deps.submissions.files;
    const [scriptUrl, markedPaperUrl] = await Promise.all([
      files.link(row.answerKey, row.username, row.examIdentifier, 'answer'),
      files.link(row.markedPaperKey, row.username, row.examIdentifier, 'marked'),
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
      previousId: row.previousId,
      nextId: row.nextId,
    };
  }

  async overview(examId: number): Promise<MarkingOverview> {
    const exam = await queue.studioExam(this.deps.db, examId);
    if (!exam) throw notFound(EXAM_NOT_FOUND);
    assertMarkable(exam);
    const { examType: _type, contentDeleted: _deleted, ...overview } = exam;
    return overview;
  }

  /**
   * All the studio needs to open, in one call: the exam's overview, and the script asked for (404
   * unless it is the exam's) or, without one, the next unmarked script after `after` claimed for the
   * caller as `next` does, with its annotations. Two statements for a script asked for.
   */
  async open(actor: Principal, examId: number, ask: { script?: number; after?: number }): Promise<StudioOpening> {
    const overview = await this.overview(examId);
    const id = ask.script ?? (await this.claimNext(actor, examId, ask.after));
    if (id === null) return { overview, script: null, annotations: null };
    const row = await queue.studioScript(this.deps.db, id);
    if (!row || row.examId !== examId) throw notFound(SUBMISSION_NOT_FOUND);
    return { overview, script: await this.present(row), annotations: annotationsOf(row) };
  }

  /**
   * Claims the next unmarked script in the list's order after `after` (wrapping round) for the
   * caller, or answers none. The exam's queue lock makes the pick and the claim one step: a tutor
   * asking at the same moment waits, then sees this claim and is given another script.
   */
  async next(actor: Principal, examId: number, after: number | undefined): Promise<NextScript> {
    const { total, marked } = await this.overview(examId);
    return { submissionId: await this.claimNext(actor, examId, after), total, marked };
  }

  private claimNext(actor: Principal, examId: number, after: number | undefined): Promise<number | null> {
    return this.deps.db.transaction(async (tx) => {
      await repo.lockQueue(tx, examId);
      const submissionId = await queue.nextUnmarked(tx, examId, actor.id, after);
      if (submissionId !== null) {
        await repo.claim(tx, examId, submissionId, actor.id, MARKING_LIMITS.claimMinutes);
      }
      return submissionId;
    });
  }
}

/** The annotations as the studio reads them, with the version a save of them must name. */
function annotationsOf(row: queue.StudioScriptRow): Annotations {
  return {
    items: row.annotations?.items ?? [],
    updatedAt: row.annotations?.updatedAt.toISOString() ?? null,
    updatedBy: row.annotations?.updatedBy ?? null,
    // Read with the annotations in one statement: were they saved since, a save from this version
    // conflicts rather than passing over them.
    version: row.version,
  };
}
