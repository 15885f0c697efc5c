import {
  createExamSchema,
  EXAM_MESSAGES,
  type ExamType,
  instantOf,
  MARKING_MESSAGES,
  type MarkScheme,
  type ReviewAfter,
  updateExamSchema,
} from '@valence/contract';
import { badRequest } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';

export const PAPER_REFUSED = 'Only PART II exams take a paper file.';

export type NewExam = {
  courseId: number;
  title: string;
  description: string;
  dueDate: Date;
  examType: ExamType;
  examIdentifier: string;
  markScheme: MarkScheme;
} & ExamSettings;

/** The sitting settings as stored. */
export type ExamSettings = {
  opensAt: Date | null;
  timeLimitMinutes: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  questionsPerStudent: number | null;
  reviewAfter: ReviewAfter;
};

/** What an edit may change, as stored; a field left out keeps its value. */
export type ExamEdit = Partial<{ title: string; description: string; dueDate: Date } & ExamSettings>;

/** The first problem zod found, in the contract's words. */
const firstIssue = (error: { issues: { message: string }[] }) =>
  badRequest(error.issues[0]?.message ?? EXAM_MESSAGES.required);

/** A date-time the contract passed, or null/undefined as given. */
const instantOrNull = (text: string | null | undefined, timeZone: string) =>
  text === undefined ? undefined : text === null ? null : instantOf(text, timeZone);

/**
 * The rules between fields and against the clock, for a new exam and for an exam after an edit
 * (`changedDue`: whether the edit sets the due date, the only time a past one is refused).
 */
export function checkWindow(
  exam: { examType: ExamType; dueDate: Date } & Pick<
    ExamSettings,
    'opensAt' | 'shuffleQuestions' | 'shuffleOptions' | 'questionsPerStudent'
  >,
  options: { now: Date; changedDue: boolean; allowPastDueDate: boolean },
): void {
  if (options.changedDue && !options.allowPastDueDate && exam.dueDate.getTime() <= options.now.getTime()) {
    throw badRequest(EXAM_MESSAGES.pastDue);
  }
  if (exam.opensAt && exam.opensAt.getTime() >= exam.dueDate.getTime()) throw badRequest(EXAM_MESSAGES.opensBeforeDue);
  if (exam.examType !== 'MCQ' && (exam.shuffleQuestions || exam.shuffleOptions || exam.questionsPerStudent !== null)) {
    throw badRequest(EXAM_MESSAGES.mcqOnly);
  }
}

/**
 * The create-exam form's `examDTO` and paper, checked as the portal checks them: the first thing
 * wrong, in the contract's words. The due date without an offset is read in the platform time zone.
 */
export function parseNewExam(raw: unknown, paper: StoredFile | null, timeZone: string, now: Date): NewExam {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest('examDTO must be a JSON object.');
  const parsed = createExamSchema.safeParse(raw);
  if (!parsed.success) throw firstIssue(parsed.error);
  const input = parsed.data;
  if (input.examType === 'TRADITIONAL' && !paper) throw badRequest(EXAM_MESSAGES.paper);
  if (input.examType === 'MCQ' && paper) throw badRequest(PAPER_REFUSED);
  if (input.examType === 'MCQ' && input.markScheme?.length) throw badRequest(MARKING_MESSAGES.schemeOnlyPartTwo);
  const exam: NewExam = {
    courseId: input.courseId,
    title: input.title,
    description: input.description,
    dueDate: instantOf(input.dueDate, timeZone),
    examType: input.examType,
    examIdentifier: input.examIdentifier,
    markScheme: input.markScheme ?? [],
    opensAt: instantOrNull(input.opensAt, timeZone) ?? null,
    timeLimitMinutes: input.timeLimitMinutes ?? null,
    shuffleQuestions: input.shuffleQuestions ?? false,
    shuffleOptions: input.shuffleOptions ?? false,
    // The paper has no questions yet: publishing checks this against them.
    questionsPerStudent: input.questionsPerStudent ?? null,
    reviewAfter: input.reviewAfter ?? 'with-marks',
  };
  checkWindow(exam, { now, changedDue: true, allowPastDueDate: input.allowPastDueDate ?? false });
  return exam;
}

/** PATCH /api/v1/exams/{examId}: the fields given, as stored, and whether a past due date is meant. */
export function parseExamEdit(raw: unknown, timeZone: string): { edit: ExamEdit; allowPastDueDate: boolean } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest('The body must be a JSON object.');
  const parsed = updateExamSchema.safeParse(raw);
  if (!parsed.success) throw firstIssue(parsed.error);
  const { allowPastDueDate, opensAt, dueDate, ...rest } = parsed.data;
  const edit: ExamEdit = {};
  for (const field of EDITABLE) {
    const value = rest[field];
    if (value !== undefined) Object.assign(edit, { [field]: value });
  }
  if (dueDate !== undefined) edit.dueDate = instantOf(dueDate, timeZone);
  const opens = instantOrNull(opensAt, timeZone);
  if (opens !== undefined) edit.opensAt = opens;
  return { edit, allowPastDueDate: allowPastDueDate ?? false };
}

/** The edit's fields taken as they are (the dates are read apart). */
const EDITABLE = [
  'title',
  'description',
  'timeLimitMinutes',
  'shuffleQuestions',
  'shuffleOptions',
  'questionsPerStudent',
  'reviewAfter',
] as const;

const TYPE_WITH_ARTICLE: Record<ExamType, string> = { MCQ: 'an MCQ', TRADITIONAL: 'a PART II' };

export const duplicateExam = (type: ExamType, identifier: string) =>
  `This course already has ${TYPE_WITH_ARTICLE[type]} exam with the identifier ${identifier}.`;

export const identifierElsewhere = (identifier: string, courseTitle: string) =>
  `The Exam Identifier ${identifier} is already used in the course "${courseTitle}".`;
