import {
  type ExamStart,
  type ExamType,
  type McqAnswers,
  type McqDraft,
  type McqDraftInput,
  type MySubmission,
  mcqScoreOutOf50,
  type Page,
  type SittingListQuery,
  type SittingRow,
  type StudentExamSummary,
  SUBMISSION_MESSAGES,
} from '@valence/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';
import { pageOrAll, StreamedList } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import type { ExamInfo } from '../exams/exam-content.js';
import { EXAM_NOT_FOUND } from '../exams/exam-reads.js';
import { paperJsonInOrder } from '../questions/paper-cache.js';
import type { ChoiceKey } from '../questions/service.js';
import { answerRefusal, deadlineOf, notYetOpen, opensLater, type StudentTiming } from './deadline.js';
import { draftJson, mine, paperJson, SubmissionFiles } from './presenter.js';
import { dueDrafts } from './reads-due-drafts.js';
import { countOfSittings, pageOfSittings, type SittingListRow } from './reads-sittings.js';
import {
  answerableBy,
  examWithEnrolment,
  studentExamAccess,
  studentExamList,
  studentTiming,
  timingOf,
} from './reads-student-exams.js';
import * as repo from './repository.js';
import { drawsOrder } from './sitting-order.js';
import { drawnCover, drawnQuestions, ensureSitting, findSitting } from './sittings.js';

/** A submission as stored, for the modules that work on one through this service (marking). */
export type { SubmissionRow } from './repository.js';

export const NOT_ENROLLED = 'You are not enrolled in this course.';
export const NO_PAPER = 'This exam has no paper: it is answered by choosing options.';
export const ANSWERED_TWICE = 'Each question may be answered only once.';
export const NO_ANSWER_FILE = 'Please attach your answer file.';
export const NOT_DRAWN = 'That question is not on your paper: answer only the questions you were given.';
export const WRONG_WAY: Record<ExamType, string> = {
  MCQ: 'This exam is answered by choosing options, not by uploading a file.',
  TRADITIONAL: 'This exam is answered by uploading a file, not by choosing options.',
};

/** How often a server looks for drafts whose exam is due (the sweep), and how many it takes per read. */
export const DRAFT_SWEEP_MS = 30_000;
const SWEEP_BATCH = 200;

type AnswerKey = { id: number; options: { id: number; isCorrect: boolean }[] }[];
type Answer = { questionId: number; optionId: number };

type Deps = Pick<
  FastifyInstance,
  'db' | 'storage' | 'config' | 'log' | 'clock' | 'courses' | 'enrollments' | 'exams' | 'questions'
>;

/**
 * What students hand in, and the only module that writes the submissions tables. Its students' side:
 * what they may sit (published, content there, a course they are actively enrolled in), the PART II
 * paper, and their one submission per exam: MCQ answers marked at once, or a PART II script
 * replaceable until the due date or until it is marked. An MCQ sitting is saved as a draft while it
 * is answered; a draft still there at the due time is handed in on the student's behalf. An unpublished exam is answered as unknown
 * (404), so its existence is not revealed. Staff's work on a submission (the `marking` module) goes
 * through the locked read and the update below; the files' links are `files`.
 */
export class SubmissionsService {
  readonly files: SubmissionFiles;
  /** The sweep running now, if any. */
  private sweeping: Promise<number> | undefined;

  constructor(private readonly deps: Deps) {
    this.files = new SubmissionFiles(deps.storage, deps.config, deps.log);
    deps.questions.onKeyChange((tx, actor, examId, questionId) => this.rescore(tx, actor, examId, questionId));
  }

  /**
   * Re-scores every MCQ hand-in of the exam on its current key, in the caller's transaction (the
   * question's change): 50 × correct ÷ the questions the sitting drew, as at the hand-in. Each score
   * that moves is written down in the audit log with its old and new value. Answers how many moved.
   */
  async rescore(tx: Tx, actor: Principal | null, examId: number, questionId: number): Promise<number> {
    const key = await this.deps.questions.choiceKey(tx, examId);
    let moved = 0;
    for (const sheet of await repo.lockMcqSheets(tx, examId)) {
      const drawn = drawnQuestions(sheet);
      const answers = fitting(
        key,
        sheet.answers.filter((answer): answer is Answer => answer.optionId !== null),
      ).filter((answer) => !drawn || drawn.has(answer.questionId));
      const score = mcqScoreOutOf50(mark(key, answers), outOf(key, drawn));
      if (score === sheet.mcqScore) continue;
      await repo.updateSubmission(tx, sheet.id, { mcqScore: score });
      await audit(tx, actor, 'submission.rescore', `submission:${sheet.id}`, {
        examId,
        studentId: sheet.studentId,
        submissionId: sheet.id,
        questionId,
        from: sheet.mcqScore,
        to: score,
      });
      moved += 1;
    }
    return moved;
  }

  /** What time it is for every rule here (the app's clock: tests move it across a deadline). */
  private now(): Date {
    return this.deps.clock();
  }

  /** The submission, locked until the transaction ends: grades change one at a time. */
  lockForMarking(tx: Tx, id: number): Promise<repo.SubmissionRow | undefined> {
    return repo.lockSubmission(tx, id);
  }

  /**
   * Writes a mark (score, feedback, marked paper) on a submission locked by `lockForMarking`, as a
   * change by `staffId`: its version moves on.
   */
  recordMark(tx: Tx, id: number, values: repo.MarkValues, staffId: number): Promise<repo.SubmissionRow> {
    return repo.updateSubmission(tx, id, { ...values, ...repo.changedBy(staffId) });
  }

  /**
   * `recordMark` without a lock: written only if the submission is still at `version`, the one the
   * mark was decided on (read without waiting). Answers the row, or undefined when it changed since.
   */
  recordMarkAt(
    tx: Tx,
    id: number,
    version: number,
    values: repo.MarkValues,
    staffId: number,
  ): Promise<repo.SubmissionRow | undefined> {
    return repo.updateSubmissionAt(tx, id, version, { ...values, ...repo.changedBy(staffId) });
  }

  /** Counts another change by `staffId` to a locked submission (its annotations): answers the row. */
  recordChange(tx: Tx, id: number, staffId: number): Promise<repo.SubmissionRow> {
    return repo.updateSubmission(tx, id, repo.changedBy(staffId));
  }

  /** The student's MCQ answers: which option (null: none) for each question answered. */
  answersOf(db: DbOrTx, submissionId: number) {
    return repo.answersOf(db, submissionId);
  }

  /** A student's submissions go with the student: answers the files to remove once that commits. */
  deleteOfStudent(tx: Tx, studentId: number): Promise<string[]> {
    return repo.deleteOfStudent(tx, studentId);
  }

  /**
   * The exam's class as staff follow it on exam day (GET /api/v1/exams/{examId}/sittings): every
   * student ACTIVE in its course with their state, start, deadline and hand-in time, by username;
   * with `limit`, a page (`q`: name or username; `state`: one kind, or `not-handed-in`).
   */
  async sittings(examId: number, query: SittingListQuery): Promise<StreamedList<SittingRow> | Page<SittingRow>> {
    await this.deps.exams.info(examId);
    const answer = await pageOrAll<SittingListRow>(query, {
      page: (window) => pageOfSittings(this.deps.db, examId, query, window),
      count: () => countOfSittings(this.deps.db, examId, query),
    });
    const present = async (rows: SittingListRow[]) => rows.map(presentSitting);
    return answer instanceof StreamedList
      ? answer.mapPages(present)
      : { ...answer, items: await present(answer.items) };
  }

  /**
   * Soonest due first, without questions (the exam-day hot path: one statement, whatever the number
   * of exams; see reads-student-exams.ts). A draft whose exam's due time has passed is handed in first, so the list
   * never shows a sitting still open that the sweep would close a moment later.
   */
  async myExams(student: Principal): Promise<StudentExamSummary[]> {
    let rows = await studentExamList(this.deps.db, student.id);
    const now = this.now();
    const due = rows.filter((row) => draftDue(row, now));
    if (due.length > 0) {
      for (const row of due) await this.handIn(row.exam.id, student.id);
      rows = await studentExamList(this.deps.db, student.id);
    }
    return rows.map((row) =>
      summary(
        row.exam,
        row.courseTitle,
        questionsEach(row.exam, row.questionCount),
        { submittedAt: row.submittedAt, hasDraft: row.hasDraft },
        timingOf(row),
      ),
    );
  }

  /**
   * One exam the student may sit, with its questions and options in stored order, never the answer
   * key: the exam, the access check and the sitting in one statement, and the paper every student
   * of the exam shares (`questions.studentPaper`, built once for a class opening it together), with
   * whether their hand-in is marked and a signed link to their PART II script. Answers the JSON to
   * send (a StudentExam, checked against the contract: see `paperJson`).
   */
  async myExam(student: Principal, examId: number): Promise<string> {
    let row = admitted(await studentExamAccess(this.deps.db, student.id, examId));
    const now = this.now();
    const opening = timingOf(row);
    if (opening.opensAt && notYetOpen(opening, now)) throw opensLater(opening.opensAt, this.deps.config.timeZone);
    if (draftDue(row, now)) {
      await this.handIn(examId, student.id);
      row = (await studentExamAccess(this.deps.db, student.id, examId)) ?? row;
    }
    const timing = timingOf(row);
    // A timed paper is given out only within a sitting: before its start the clock has not begun.
    const given = timing.timeLimitMinutes === null || timing.startedAt !== null;
    const paper = row.exam.examType === 'MCQ' && given ? await this.deps.questions.studentPaper(examId) : null;
    // A shuffled or pooled paper is the sitting's own: drawn on the first read of an untimed exam
    // (a timed one draws at its start), then the same on every read and device.
    let order = paper && drawsOrder(row.exam) ? await findSitting(this.deps.db, examId, student.id) : undefined;
    if (paper && !order && drawsOrder(row.exam) && row.exam.timeLimitMinutes === null && row.submittedAt === null) {
      order = await ensureSitting(this.deps.db, row.exam, student.id, paper.key, now);
    }
    const questionsJson = paper && order ? paperJsonInOrder(paper, order) : (paper?.json ?? '[]');
    const questionCount = order?.questionOrder
      ? drawnCount(paper?.key ?? [], order.questionOrder)
      : paper?.questions.length;
    const sitting = { submittedAt: row.submittedAt, hasDraft: row.hasDraft };
    // The student's own script only: the row was read for this student alone.
    const answerUrl = await this.files.link(row.answerKey, student.username, row.exam.examIdentifier, 'answer');
    return paperJson({
      exam: {
        ...summary(row.exam, row.courseTitle, questionCount ?? 0, sitting, timing),
        marked: row.marked,
        answerUrl,
        // Whole seconds: a class opening its paper in the same second gets the same bytes, which the
        // route compresses once; the phone's countdown counts in seconds anyway.
        serverNow: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString(),
      },
      questionsJson,
    });
  }

  /**
   * The student's own saved sitting. 404 before the first save; 409 once the exam is submitted,
   * which a draft read after the due time is at once (handed in on the student's behalf).
   */
  async myDraft(student: Principal, examId: number): Promise<McqDraft> {
    const { exam, timing } = await this.admit(student, examId);
    if (exam.examType !== 'MCQ') throw badRequest(WRONG_WAY[exam.examType]);
    let draft = await repo.findDraft(this.deps.db, examId, student.id);
    if (draft && isDue(timing, this.now())) {
      await this.handIn(examId, student.id);
      draft = undefined;
    }
    if (draft) return presentDraft(draft);
    const sitting = (await repo.sittingsOf(this.deps.db, student.id, [examId])).get(examId);
    if (sitting?.submittedAt) throw conflict(SUBMISSION_MESSAGES.alreadySubmitted);
    throw notFound(SUBMISSION_MESSAGES.noDraft);
  }

  /**
   * Replaces the student's saved choices with these, checked as a submission's are. A save whose
   * revision is older than the stored one changes nothing and answers the stored draft: the app's
   * late retry never undoes a newer choice.
   *
   * One statement on the way that counts: the save carries the student's access to the exam (see
   * `answerableBy`), so a class saving drafts costs one round trip a save, not two. Only when the
   * shared paper refuses a choice, or the save writes nothing, is the exam read to say why, in the
   * order a refusal is owed: no such exam, not enrolled, wrong kind or past due, then the choice.
   * Answers the saved (or the newer stored) draft as the JSON to send: see `draftJson`.
   */
  async saveDraft(student: Principal, examId: number, input: McqDraftInput): Promise<string> {
    const paper = await this.deps.questions.studentPaper(examId);
    try {
      mark(paper.key, input.answers);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      this.assertAnswerable(await this.admit(student, examId), 'MCQ');
      // The shared paper may be a few seconds older than a question added through another server:
      // a choice it does not know is checked against the stored key before it is refused.
      mark(await this.deps.questions.choiceKey(this.deps.db, examId), input.answers);
    }
    const answered = input.answers.map((answer) => answer.questionId);
    const admission = sql<boolean>`${answerableBy(student.id, examId, 'MCQ', this.now())} and ${drawnCover(examId, student.id, answered)}`;
    const answersJson = JSON.stringify(input.answers);
    const values = { examId, studentId: student.id, answersJson, revision: input.revision };
    const saved = await repo.saveDraft(this.deps.db, values, admission);
    if (saved) return draftJson(examId, answersJson, saved);
    // Nothing written: refused access, a question not drawn, a newer revision stored, or handed in.
    this.assertAnswerable(await this.admit(student, examId), 'MCQ');
    assertDrawn(await findSitting(this.deps.db, examId, student.id), input.answers);
    const stored = await repo.findDraft(this.deps.db, examId, student.id);
    if (stored) return draftJson(examId, JSON.stringify(stored.answers), stored);
    throw conflict(SUBMISSION_MESSAGES.alreadySubmitted);
  }

  /**
   * Settles every draft whose exam is due: handed in as the student's answers (dated at the due
   * time), or dropped when the exam's content was deleted. Each draft is its own transaction under
   * its exam's share lock, and taking the draft is the claim, so two servers sweeping together hand
   * each in once. A run already going is joined rather than doubled. Answers how many were handed in.
   */
  sweepDueDrafts(): Promise<number> {
    this.sweeping ??= this.sweep().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async sweep(): Promise<number> {
    let handedIn = 0;
    for (;;) {
      const due = await dueDrafts(this.deps.db, this.now(), SWEEP_BATCH);
      let failed = false;
      for (const draft of due) {
        try {
          if (await this.handIn(draft.examId, draft.studentId)) handedIn += 1;
        } catch (error) {
          // The exam deleted meanwhile took its drafts along; anything else waits for the next run,
          // and must not hold up the drafts after it.
          if (error instanceof HttpError && error.statusCode === 404) continue;
          failed = true;
          this.deps.log.warn({ err: error, ...draft }, 'could not hand in a due draft');
        }
      }
      if (due.length < SWEEP_BATCH || failed) return handedIn;
    }
  }

  /**
   * Hands the student's draft in once their deadline has passed (their close, or the end of their
   * timed sitting), as if they had pressed submit at it: scored like their own submission, dated at
   * the deadline and marked as handed in by the server. Choices that no longer fit the
   * exam (a question deleted since) count as unanswered; an empty draft is a paper handed in blank
   * and scores 0. A draft of a content-deleted exam is dropped (no questions remain to mark it).
   * Answers whether a submission was made.
   */
  private handIn(examId: number, studentId: number): Promise<boolean> {
    return this.deps.exams.withExamShared(examId, async (tx, exam) => {
      if (exam.contentDeleted || exam.examType !== 'MCQ') {
        await repo.takeDraft(tx, examId, studentId);
        return false;
      }
      const timing = await studentTiming(tx, examId, studentId);
      const deadline = timing && handInTime(timing);
      if (!exam.published || !deadline || deadline > this.now()) return false;
      const draft = await repo.takeDraft(tx, examId, studentId);
      if (!draft) return false;
      const key = await this.deps.questions.choiceKey(tx, examId);
      const drawn = drawnQuestions(await findSitting(tx, examId, studentId));
      const answers = fitting(key, draft.answers).filter((answer) => !drawn || drawn.has(answer.questionId));
      const row = await repo.insertSubmission(tx, {
        examId,
        studentId,
        submittedAt: deadline,
        handedInAtDeadline: true,
        mcqScore: mcqScoreOutOf50(mark(key, answers), outOf(key, drawn)),
        gradedAt: this.now(),
      });
      // None: the student's own submission came first, and the draft was only a leftover.
      if (!row) return false;
      await repo.insertAnswers(tx, row.id, answers);
      return true;
    });
  }

  /**
   * The PART II paper's link: never before the student's opening, and for a timed exam only once
   * their sitting has started (the paper is the exam: reading it starts the clock).
   */
  async paper(student: Principal, examId: number): Promise<{ url: string }> {
    const { exam, timing } = await this.admit(student, examId);
    if (timing.opensAt && notYetOpen(timing, this.now())) throw opensLater(timing.opensAt, this.deps.config.timeZone);
    if (exam.examType === 'TRADITIONAL' && timing.timeLimitMinutes !== null && !timing.startedAt) {
      throw conflict(SUBMISSION_MESSAGES.notStarted);
    }
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
      const now = this.now();
      this.assertAnswerable({ exam, timing: await this.timingIn(tx, examId, student.id) }, 'MCQ', now);
      const key = await this.deps.questions.choiceKey(tx, examId);
      const correct = mark(key, input.answers);
      const sitting = await findSitting(tx, examId, student.id);
      assertDrawn(sitting, input.answers);
      const row = await repo.insertSubmission(tx, {
        examId,
        studentId: student.id,
        submittedAt: now,
        mcqScore: mcqScoreOutOf50(correct, outOf(key, drawnQuestions(sitting))),
        gradedAt: now,
      });
      if (!row) throw conflict(SUBMISSION_MESSAGES.alreadySubmitted);
      await repo.insertAnswers(tx, row.id, input.answers);
      // The sitting is over: its saved choices would otherwise be handed in again at the due time.
      await repo.takeDraft(tx, examId, student.id);
      return mine(row, exam);
    });
  }

  /** Before a script's bytes are read: whether this student may hand one in to this exam now. */
  async checkUpload(student: Principal, examId: number): Promise<void> {
    this.assertAnswerable(await this.admit(student, examId), 'TRADITIONAL');
  }

  /**
   * The student's PART II script: a first one creates the submission (201), a later one replaces
   * the file (200) until the due date or until it is marked. Two first uploads at once make one
   * row (the unique index); the replaced file is removed after the commit. `began`: when the
   * upload's request arrived. A script whose upload began before the deadline is taken if it
   * finishes within PART2_UPLOAD_GRACE_MINUTES after it (a large scan over a slow line).
   */
  async upload(student: Principal, examId: number, file: StoredFile | null, began: Date = this.now()) {
    if (!file) throw badRequest(NO_ANSWER_FILE);
    await this.open(student, examId);
    const result = await this.deps.exams.withExamShared(examId, async (tx, exam) => {
      const now = this.now();
      const timing = await this.timingIn(tx, examId, student.id);
      const deadline = deadlineOf(timing);
      const graceMs = this.deps.config.part2UploadGraceMinutes * 60_000;
      const inGrace = deadline !== null && began < deadline && now.getTime() < deadline.getTime() + graceMs;
      this.assertAnswerable({ exam, timing }, 'TRADITIONAL', inGrace ? began : now);
      const created = await repo.insertSubmission(tx, {
        examId,
        studentId: student.id,
        answerKey: file.key,
        submittedAt: now,
      });
      if (created) return { row: created, exam, created: true, oldKey: null };
      const current = await repo.lockMine(tx, examId, student.id);
      if (!current) throw conflict(SUBMISSION_MESSAGES.alreadySubmitted);
      if (current.traditionalScore !== null) throw conflict(SUBMISSION_MESSAGES.marked);
      const row = await repo.updateSubmission(tx, current.id, { answerKey: file.key, submittedAt: now });
      return { row, exam, created: false, oldKey: current.answerKey };
    });
    await this.files.remove([result.oldKey]);
    return { created: result.created, submission: mine(result.row, result.exam) };
  }

  /** An exam the student may see: published, content there (else 404), of an active course (else 403). */
  private async open(student: Principal, examId: number): Promise<ExamInfo> {
    return (await this.admit(student, examId)).exam;
  }

  /** As `open`, with the student's own timing of the exam (window, limit, their sitting's start). */
  private async admit(student: Principal, examId: number): Promise<{ exam: ExamInfo; timing: StudentTiming }> {
    const row = admitted(await examWithEnrolment(this.deps.db, student.id, examId));
    return { exam: row.exam, timing: timingOf(row) };
  }

  /** The student's timing read inside a hand-in's transaction (the exam is locked: it exists). */
  private async timingIn(tx: Tx, examId: number, studentId: number): Promise<StudentTiming> {
    const timing = await studentTiming(tx, examId, studentId);
    if (!timing) throw notFound(EXAM_NOT_FOUND);
    return timing;
  }

  /**
   * Open for this kind of answer at `at` (now, unless a PART II upload's grace applies): the exam's
   * own type, still published with content, open to the student and before their deadline.
   */
  private assertAnswerable(
    { exam, timing }: { exam: ExamInfo; timing: StudentTiming },
    type: ExamType,
    at: Date = this.now(),
  ) {
    if (!exam.published || exam.contentDeleted) throw notFound(EXAM_NOT_FOUND);
    if (exam.examType !== type) throw badRequest(WRONG_WAY[exam.examType]);
    const refusal = answerRefusal(timing, at, this.deps.config.timeZone);
    if (refusal) throw refusal;
  }

  /**
   * Begins the student's sitting (POST /me/exams/{examId}/start): from now, until their deadline.
   * Idempotent: a sitting already begun is answered as it is (a second device, a retry), never
   * restarted. Refused before their opening or once their close has passed (403), and once they
   * have handed in (409). The sitting's own paper, for a shuffled or pooled MCQ, is drawn here
   * (`ensureSitting`), fixed for every later read.
   */
  async start(student: Principal, examId: number): Promise<ExamStart> {
    const row = admitted(await studentExamAccess(this.deps.db, student.id, examId));
    const now = this.now();
    const timing = timingOf(row);
    const { timeZone } = this.deps.config;
    if (timing.opensAt && notYetOpen(timing, now)) throw opensLater(timing.opensAt, timeZone);
    if (row.submittedAt) throw conflict(SUBMISSION_MESSAGES.alreadySubmitted);
    let startedAt = timing.startedAt;
    if (!startedAt) {
      if (now >= timing.dueDate) throw forbidden(SUBMISSION_MESSAGES.pastDue);
      const key = row.exam.examType === 'MCQ' ? (await this.deps.questions.studentPaper(examId)).key : [];
      startedAt = (await ensureSitting(this.deps.db, row.exam, student.id, key, now)).startedAt;
    }
    const deadline = deadlineOf({ ...timing, startedAt }) ?? timing.dueDate;
    return { startedAt: startedAt.toISOString(), deadline: deadline.toISOString(), serverNow: now.toISOString() };
  }
}

/**
 * When the server hands a draft in for the student: at their deadline; a timed exam's draft saved
 * without a start (none can be since starts exist) at their close, as the sweep's statement says.
 */
const handInTime = (timing: StudentTiming): Date => deadlineOf(timing) ?? timing.dueDate;

/** Whether the student's time has run out at `now`. */
const isDue = (timing: StudentTiming, now: Date) => handInTime(timing) <= now;

/** The exam as read for a student, if they may see it: published, content there (else 404), of a course they are ACTIVE in (else 403). */
function admitted<T extends { exam: ExamInfo; active: boolean }>(found: T | undefined): T {
  if (!found?.exam.published || found.exam.contentDeleted) throw notFound(EXAM_NOT_FOUND);
  if (!found.active) throw forbidden(NOT_ENROLLED);
  return found;
}

/** A sitting saved as a draft, not submitted, past the student's deadline: handed in before they are answered. */
const draftDue = (row: Parameters<typeof timingOf>[0] & { hasDraft: boolean; submittedAt: Date | null }, now: Date) =>
  row.hasDraft && row.submittedAt === null && isDue(timingOf(row), now);

type OptionIndex = Map<number, { questionId: number; correct: boolean }>;
/**
 * Each key's options by id, built once per key: the shared paper's key is the same object for every
 * draft save of an exam, and building the index took more time than the save's own checks.
 */
const optionIndexes = new WeakMap<AnswerKey, OptionIndex>();

function optionIndex(key: AnswerKey): OptionIndex {
  let index = optionIndexes.get(key);
  if (!index) {
    index = new Map(key.flatMap((q) => q.options.map((o) => [o.id, { questionId: q.id, correct: o.isCorrect }])));
    optionIndexes.set(key, index);
  }
  return index;
}

/**
 * How many answers are right; refuses (400) an option that is not its own question's in this exam,
 * and a question answered twice.
 */
function mark(key: AnswerKey, answers: Answer[]): number {
  const options = optionIndex(key);
  const seen = new Set<number>();
  let correct = 0;
  for (const answer of answers) {
    const option = options.get(answer.optionId);
    if (option?.questionId !== answer.questionId) throw badRequest(SUBMISSION_MESSAGES.notYourOption);
    if (seen.has(answer.questionId)) throw badRequest(ANSWERED_TWICE);
    seen.add(answer.questionId);
    if (option.correct) correct += 1;
  }
  return correct;
}

/** Refuses (400) an answer to a question the student's sitting did not draw. */
function assertDrawn(sitting: { questionOrder: number[] | null } | undefined, answers: Answer[]) {
  const drawn = drawnQuestions(sitting);
  if (drawn && answers.some((answer) => !drawn.has(answer.questionId))) throw badRequest(NOT_DRAWN);
}

/** How many questions each student answers: the pool's size, or the whole paper. */
const questionsEach = (exam: { questionsPerStudent: number | null }, count: number) =>
  Math.min(exam.questionsPerStudent ?? count, count);

/** How many of the drawn questions are still on the paper. */
const drawnCount = (key: ChoiceKey, order: number[]) => {
  const drawn = new Set(order);
  return key.filter((question) => drawn.has(question.id)).length;
};

/**
 * What a sitting is marked out of: the questions it drew that are still on the paper (a pool of N
 * scores 50 × correct ÷ N), else every question of the paper, as before pools.
 */
const outOf = (key: ChoiceKey, drawn: Set<number> | undefined) =>
  drawn ? key.filter((question) => drawn.has(question.id)).length : key.length;

/** A saved draft's choices that still fit the exam, each question once: the rest count as unanswered. */
function fitting(key: AnswerKey, answers: Answer[]): Answer[] {
  const options = optionIndex(key);
  const seen = new Set<number>();
  return answers.filter((answer) => {
    if (options.get(answer.optionId)?.questionId !== answer.questionId || seen.has(answer.questionId)) return false;
    seen.add(answer.questionId);
    return true;
  });
}

/** The list's view of an exam: the student's submission time, and a draft only while it is not submitted. */
function summary(
  exam: ExamInfo,
  courseTitle: string,
  questionCount: number,
  sitting: repo.Sitting,
  timing: StudentTiming,
): StudentExamSummary {
  const submittedAt = sitting.submittedAt ?? null;
  const deadline = deadlineOf(timing);
  return {
    id: exam.id,
    courseId: exam.courseId,
    courseTitle,
    title: exam.title,
    description: exam.description,
    // The student's own close (their override over the exam's), and their own opening.
    dueDate: timing.dueDate.toISOString(),
    opensAt: timing.opensAt?.toISOString() ?? null,
    timeLimitMinutes: timing.timeLimitMinutes,
    sitting:
      timing.startedAt && deadline
        ? { startedAt: timing.startedAt.toISOString(), deadline: deadline.toISOString() }
        : null,
    examType: exam.examType,
    examIdentifier: exam.examIdentifier,
    questionCount,
    submitted: submittedAt !== null,
    submittedAt: submittedAt?.toISOString() ?? null,
    hasDraft: submittedAt === null && sitting.hasDraft,
  };
}

function presentSitting({ total: _total, ...row }: SittingListRow & { total?: number }): SittingRow {
  return {
    ...row,
    startedAt: row.startedAt?.toISOString() ?? null,
    deadline: row.deadline?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

function presentDraft(draft: repo.DraftRow): McqDraft {
  return {
    examId: draft.examId,
    answers: draft.answers,
    revision: draft.revision,
    updatedAt: draft.updatedAt.toISOString(),
  };
}
