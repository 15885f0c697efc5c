import {
  type ExamType,
  type McqAnswers,
  type McqDraft,
  type McqDraftInput,
  type MySubmission,
  mcqScoreOutOf50,
  type StudentExamSummary,
  SUBMISSION_MESSAGES,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';
import type { Principal } from '../../lib/principal.js';
import type { ExamInfo } from '../exams/exam-content.js';
import { EXAM_NOT_FOUND } from '../exams/exam-reads.js';
import { dueDrafts } from '../views/due-drafts.js';
import { answerableBy, examWithEnrolment, studentExamAccess, studentExamList } from '../views/student-exams.js';
import { draftJson, mine, paperJson, SubmissionFiles } from './presenter.js';
import * as repo from './repository.js';

/** A submission as stored, for the modules that work on one through this service (marking). */
export type { SubmissionRow } from './repository.js';

export const NOT_ENROLLED = 'You are not enrolled in this course.';
export const NO_PAPER = 'This exam has no paper: it is answered by choosing options.';
export const ANSWERED_TWICE = 'Each question may be answered only once.';
export const NO_ANSWER_FILE = 'Please attach your answer file.';
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
  'db' | 'storage' | 'config' | 'log' | 'courses' | 'enrollments' | 'exams' | 'questions'
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
   * Soonest due first, without questions (the exam-day hot path: one statement, whatever the number
   * of exams; see views/student-exams.ts). A draft whose exam's due time has passed is handed in first, so the list
   * never shows a sitting still open that the sweep would close a moment later.
   */
  async myExams(student: Principal): Promise<StudentExamSummary[]> {
    let rows = await studentExamList(this.deps.db, student.id);
    const due = rows.filter(draftDue);
    if (due.length > 0) {
      for (const row of due) await this.handIn(row.exam.id, student.id);
      rows = await studentExamList(this.deps.db, student.id);
    }
    return rows.map((row) =>
      summary(row.exam, row.courseTitle, row.questionCount, { submittedAt: row.submittedAt, hasDraft: row.hasDraft }),
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
    if (draftDue(row)) {
      await this.handIn(examId, student.id);
      row = (await studentExamAccess(this.deps.db, student.id, examId)) ?? row;
    }
    const paper = row.exam.examType === 'MCQ' ? await this.deps.questions.studentPaper(examId) : null;
    const sitting = { submittedAt: row.submittedAt, hasDraft: row.hasDraft };
    // The student's own script only: the row was read for this student alone.
    const answerUrl = await this.files.link(row.answerKey, student.username, row.exam.examIdentifier, 'answer');
    return paperJson({
      exam: {
        ...summary(row.exam, row.courseTitle, paper?.questions.length ?? 0, sitting),
        marked: row.marked,
        answerUrl,
      },
      questionsJson: paper?.json ?? '[]',
    });
  }

  /**
   * The student's own saved sitting. 404 before the first save; 409 once the exam is submitted,
   * which a draft read after the due time is at once (handed in on the student's behalf).
   */
  async myDraft(student: Principal, examId: number): Promise<McqDraft> {
    const exam = await this.open(student, examId);
    if (exam.examType !== 'MCQ') throw badRequest(WRONG_WAY[exam.examType]);
    let draft = await repo.findDraft(this.deps.db, examId, student.id);
    if (draft && isDue(exam)) {
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
      assertAnswerable(await this.open(student, examId), 'MCQ');
      // The shared paper may be a few seconds older than a question added through another server:
      // a choice it does not know is checked against the stored key before it is refused.
      mark(await this.deps.questions.choiceKey(this.deps.db, examId), input.answers);
    }
    const admission = answerableBy(student.id, examId, 'MCQ', new Date());
    const answersJson = JSON.stringify(input.answers);
    const values = { examId, studentId: student.id, answersJson, revision: input.revision };
    const saved = await repo.saveDraft(this.deps.db, values, admission);
    if (saved) return draftJson(examId, answersJson, saved);
    // Nothing written: refused access, or a newer revision is stored, or the exam is handed in.
    assertAnswerable(await this.open(student, examId), 'MCQ');
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
      const due = await dueDrafts(this.deps.db, new Date(), SWEEP_BATCH);
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
   * Hands the student's draft in once the exam is due, as if they had pressed submit at the due
   * time: scored like their own submission, dated at the due date. Choices that no longer fit the
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
      if (!exam.published || !isDue(exam)) return false;
      const draft = await repo.takeDraft(tx, examId, studentId);
      if (!draft) return false;
      const key = await this.deps.questions.choiceKey(tx, examId);
      const answers = fitting(key, draft.answers);
      const row = await repo.insertSubmission(tx, {
        examId,
        studentId,
        submittedAt: exam.dueDate,
        mcqScore: mcqScoreOutOf50(mark(key, answers), key.length),
        gradedAt: new Date(),
      });
      // None: the student's own submission came first, and the draft was only a leftover.
      if (!row) return false;
      await repo.insertAnswers(tx, row.id, answers);
      return true;
    });
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
      const key = await this.deps.questions.choiceKey(tx, examId);
      const correct = mark(key, input.answers);
      const row = await repo.insertSubmission(tx, {
        examId,
        studentId: student.id,
        mcqScore: mcqScoreOutOf50(correct, key.length),
        gradedAt: new Date(),
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
    return admitted(await examWithEnrolment(this.deps.db, student.id, examId)).exam;
  }
}

/** Open for this kind of answer: the exam's own type, still published with content, before its due date. */
function assertAnswerable(exam: ExamInfo, type: ExamType) {
  if (!exam.published || exam.contentDeleted) throw notFound(EXAM_NOT_FOUND);
  if (exam.examType !== type) throw badRequest(WRONG_WAY[exam.examType]);
  if (isDue(exam)) throw conflict(SUBMISSION_MESSAGES.pastDue);
}

const isDue = (exam: ExamInfo) => exam.dueDate.getTime() <= Date.now();

/** The exam as read for a student, if they may see it: published, content there (else 404), of a course they are ACTIVE in (else 403). */
function admitted<T extends { exam: ExamInfo; active: boolean }>(found: T | undefined): T {
  if (!found?.exam.published || found.exam.contentDeleted) throw notFound(EXAM_NOT_FOUND);
  if (!found.active) throw forbidden(NOT_ENROLLED);
  return found;
}

/** A sitting saved as a draft, not submitted, whose exam is due: handed in before the student is answered. */
const draftDue = (row: { exam: ExamInfo; hasDraft: boolean; submittedAt: Date | null }) =>
  row.hasDraft && row.submittedAt === null && isDue(row.exam);

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
  sitting?: repo.Sitting,
): StudentExamSummary {
  const submittedAt = sitting?.submittedAt ?? null;
  return {
    id: exam.id,
    courseId: exam.courseId,
    courseTitle,
    title: exam.title,
    description: exam.description,
    dueDate: exam.dueDate.toISOString(),
    examType: exam.examType,
    examIdentifier: exam.examIdentifier,
    questionCount,
    submitted: submittedAt !== null,
    submittedAt: submittedAt?.toISOString() ?? null,
    hasDraft: submittedAt === null && (sitting?.hasDraft ?? false),
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
