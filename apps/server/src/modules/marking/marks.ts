import {
  combinedTotalScore,
  type ExamScore,
  type MarksSummary,
  type MyMarksPart,
  type MyMarksPartTwo,
  type MyMarksRow,
  type OverallStatus,
  overallStatusOf,
  type ScoreSummaryRow,
  STAFF_ROLES,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import { examsUnderIdentifier, examsUnderMyIdentifiers, type IdentifierRow, scoreRows } from './reads-marks.js';

export const NO_EXAM_WITH_IDENTIFIER = 'No exam with that identifier.';
export const NO_SUBMISSION_FOR_IDENTIFIER = 'No submission for this exam identifier.';
export const OWN_SCORES_ONLY = 'You may only see your own scores.';
export const STUDENT_NOT_FOUND = 'Student not found.';

/** The Sri Lankan A/L letter for a PART II mark out of 100 (A ≥ 75, B ≥ 65, C ≥ 50, S ≥ 35, else F). */
export function letterGrade(score: number | null | undefined): string | null {
  if (typeof score !== 'number') return null;
  if (score >= 75) return 'A';
  if (score >= 65) return 'B';
  if (score >= 50) return 'C';
  if (score >= 35) return 'S';
  return 'F';
}

const isStaff = (caller: Principal) => (STAFF_ROLES as readonly string[]).includes(caller.role);
const firstOf = (rows: IdentifierRow[], type: 'MCQ' | 'TRADITIONAL') => rows.find((row) => row.exam.examType === type);
/** MCQ is marked when it comes; PART II once it has a score. */
const graded = (row: IdentifierRow | undefined) =>
  !!row?.submission && (row.exam.examType === 'MCQ' || row.submission.traditionalScore !== null);
const status = (row: IdentifierRow | undefined) => {
  if (!row) return null;
  if (!row.submission) return 'Not Submitted';
  return graded(row) ? 'Graded' : 'Submitted';
};

type Deps = Pick<FastifyInstance, 'db' | 'clock' | 'accounts' | 'submissions'>;

/**
 * Marks by exam identifier (an MCQ and a PART II exam share one): the staff's marks summary, a
 * student's score rows, and one exam's combined score. Staff see every mark; a student sees only
 * their own, and only what is published (MCQ once its exam is, PART II once its marks are).
 */
export class MarksService {
  constructor(private readonly deps: Deps) {}

  /** Whether the caller sees every mark (staff); a student asking about someone else is refused. */
  private seesAll(caller: Principal, studentId: number): boolean {
    if (isStaff(caller)) return true;
    if (caller.id !== studentId) throw forbidden(OWN_SCORES_ONLY);
    return false;
  }

  private async student(studentId: number) {
    const account = await this.deps.accounts.findById(studentId);
    if (account?.role !== 'ROLE_STUDENT') throw notFound(STUDENT_NOT_FOUND);
    return account;
  }

  async examScore(caller: Principal, studentId: number, identifier: string): Promise<ExamScore> {
    const all = this.seesAll(caller, studentId);
    const rows = await examsUnderIdentifier(this.deps.db, studentId, identifier);
    if (rows.length === 0) throw notFound(NO_EXAM_WITH_IDENTIFIER);
    const mcq = firstOf(rows, 'MCQ');
    const partTwo = firstOf(rows, 'TRADITIONAL');
    if (!mcq?.submission && !partTwo?.submission) throw notFound(NO_SUBMISSION_FOR_IDENTIFIER);
    const mcqPublished = mcq?.exam.published ?? false;
    const traditionalPublished = partTwo?.exam.gradesPublished ?? false;
    const mcqScore = all || mcqPublished ? (mcq?.submission?.mcqScore ?? null) : null;
    const traditionalScore = all || traditionalPublished ? (partTwo?.submission?.traditionalScore ?? null) : null;
    return {
      studentId,
      examIdentifier: (mcq ?? partTwo)?.exam.examIdentifier ?? identifier,
      mcqScore,
      traditionalScore,
      combinedTotalScore: combinedTotalScore(mcqScore, traditionalScore),
      mcqPublished,
      traditionalPublished,
    };
  }

  /** One row per identifier the student submitted under, most recent first (one grouped query). */
  async scoreSummary(caller: Principal, studentId: number): Promise<ScoreSummaryRow[]> {
    const all = this.seesAll(caller, studentId);
    const rows = await scoreRows(this.deps.db, studentId, !all);
    // Staff asking about an id with no scores may have the wrong id: only then is the account read.
    if (all && rows.length === 0) await this.student(studentId);
    return rows.map((row) => ({
      ...row,
      combinedTotalScore: combinedTotalScore(row.mcqScore, row.traditionalScore),
    }));
  }

  /**
   * The signed-in student's own marks: one row per identifier they submitted under, the most
   * recently submitted first, each part only as far as it is published. One statement for all rows.
   */
  async myMarks(student: Principal): Promise<MyMarksRow[]> {
    const rows = await examsUnderMyIdentifiers(this.deps.db, student.id);
    const byIdentifier = new Map<string, IdentifierRow[]>();
    for (const row of rows) {
      const group = byIdentifier.get(row.exam.examIdentifier);
      if (group) group.push(row);
      else byIdentifier.set(row.exam.examIdentifier, [row]);
    }
    const latest = (group: IdentifierRow[]) =>
      Math.max(...group.map((row) => row.submission?.submittedAt.getTime() ?? Number.NEGATIVE_INFINITY));
    const groups = [...byIdentifier.entries()].sort(
      ([a, left], [b, right]) => latest(right) - latest(left) || a.localeCompare(b),
    );
    return Promise.all(
      groups.map(async ([examIdentifier, group]) => {
        const mcq = myMcqPart(firstOf(group, 'MCQ'), this.deps.clock());
        const partTwoRow = firstOf(group, 'TRADITIONAL');
        const partTwo = myPartTwo(partTwoRow);
        const paperKey = partTwo?.published ? (partTwoRow?.submission?.markedPaperKey ?? null) : null;
        return {
          examIdentifier,
          courseTitle: (firstOf(group, 'MCQ') ?? partTwoRow)?.exam.courseTitle ?? null,
          mcq,
          partTwo: partTwo && {
            ...partTwo,
            markedPaperUrl: await this.deps.submissions.files.link(
              paperKey,
              student.username,
              examIdentifier,
              'marked',
            ),
          },
          combinedTotalScore: combinedTotalScore(mcq?.score, partTwo?.score),
        };
      }),
    );
  }

  /** Staff's full picture of one student under one identifier, unpublished marks included. */
  async marksSummary(studentId: number, identifier: string): Promise<MarksSummary> {
    const student = await this.student(studentId);
    const rows = await examsUnderIdentifier(this.deps.db, studentId, identifier);
    if (rows.length === 0) throw notFound(NO_EXAM_WITH_IDENTIFIER);
    const mcq = firstOf(rows, 'MCQ');
    const partTwo = firstOf(rows, 'TRADITIONAL');
    const mcqSubmission = mcq?.submission ?? null;
    const partTwoSubmission = partTwo?.submission ?? null;
    const examIdentifier = (mcq ?? partTwo)?.exam.examIdentifier ?? identifier;
    const link = (key: string | null | undefined, what: 'answer' | 'marked') =>
      this.deps.submissions.files.link(key ?? null, student.username, examIdentifier, what);
    return {
      studentId,
      studentName: student.name?.trim() || student.username,
      examIdentifier,
      courseTitle: (mcq ?? partTwo)?.exam.courseTitle ?? null,
      mcqExamId: mcq?.exam.id ?? null,
      mcqExamTitle: mcq?.exam.title ?? null,
      mcqScore: mcqSubmission?.mcqScore ?? null,
      mcqSubmissionStatus: status(mcq),
      mcqInstructorFeedback: mcqSubmission?.instructorFeedback ?? null,
      mcqSubmittedAt: mcqSubmission?.submittedAt.toISOString() ?? null,
      traditionalExamId: partTwo?.exam.id ?? null,
      traditionalExamTitle: partTwo?.exam.title ?? null,
      traditionalScore: partTwoSubmission?.traditionalScore ?? null,
      traditionalGrade: letterGrade(partTwoSubmission?.traditionalScore),
      traditionalSubmissionStatus: status(partTwo),
      traditionalInstructorFeedback: partTwoSubmission?.instructorFeedback ?? null,
      traditionalSubmittedAt: partTwoSubmission?.submittedAt.toISOString() ?? null,
      traditionalSubmittedAnswerDownloadUrl: await link(partTwoSubmission?.answerKey, 'answer'),
      traditionalMarkedPaperDownloadUrl: await link(partTwoSubmission?.markedPaperKey, 'marked'),
      overallExamStatus: overallStatus([mcq, partTwo].filter((row): row is IdentifierRow => !!row)),
      totalScore: combinedTotalScore(mcqSubmission?.mcqScore, partTwoSubmission?.traditionalScore),
    };
  }
}

/**
 * A part as its student may see it, or null when they cannot know of it: an exam they did not
 * submit that is unpublished (never revealed) or whose content is deleted.
 */
function myPart(row: IdentifierRow | undefined, published: boolean, score: number | null): MyMarksPart | null {
  if (!row) return null;
  const submission = row.submission;
  if (!submission && (!row.exam.published || row.exam.contentDeleted)) return null;
  const visible = !!submission && published;
  const shownScore = visible ? score : null;
  return {
    examId: row.exam.id,
    examTitle: row.exam.title,
    status: !submission ? 'Not Submitted' : shownScore !== null ? 'Marked' : 'Submitted',
    published,
    submittedAt: submission?.submittedAt.toISOString() ?? null,
    score: shownScore,
    feedback: visible ? submission.instructorFeedback : null,
  };
}

/**
 * The MCQ part: its score once the exam is published, and its feedback as the exam's review setting
 * allows: with the mark (as before the setting), once the student's own close has passed (so no
 * classmate still sitting learns from it), or never.
 */
function myMcqPart(row: IdentifierRow | undefined, now: Date): MyMarksPart | null {
  const part = myPart(row, row?.exam.published ?? false, row?.submission?.mcqScore ?? null);
  if (!part || !row) return part;
  const reviewed = reviewOpen(row.exam, now);
  return reviewed ? part : { ...part, feedback: null };
}

/** Whether a student may review their MCQ (its feedback) now, by the exam's `reviewAfter`. */
export function reviewOpen(exam: Pick<IdentifierRow['exam'], 'reviewAfter' | 'closesAt'>, now: Date): boolean {
  if (exam.reviewAfter === 'never') return false;
  if (exam.reviewAfter === 'after-close') return exam.closesAt.getTime() <= now.getTime();
  return true;
}

/** The PART II part: score, grade and feedback once its marks are published (the paper link is added after). */
function myPartTwo(row: IdentifierRow | undefined): Omit<MyMarksPartTwo, 'markedPaperUrl'> | null {
  const part = myPart(row, row?.exam.gradesPublished ?? false, row?.submission?.traditionalScore ?? null);
  return part && { ...part, grade: letterGrade(part.score) };
}

/** Over the parts the identifier has: the contract's rule (`overallStatusOf`). */
function overallStatus(parts: IdentifierRow[]): OverallStatus {
  return overallStatusOf(
    parts.length,
    parts.some((part) => part.submission),
    parts.filter(graded).length,
  );
}
