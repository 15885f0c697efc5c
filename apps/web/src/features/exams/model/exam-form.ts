import {
  createExamSchema,
  EXAM_LIMITS,
  EXAM_MESSAGES,
  type Exam,
  type ExamType,
  formatInTimeZone,
  type ReviewAfter,
  type UpdateExam,
} from '@valence/contract';
import { z } from 'zod';
import { readScheme, type SchemeRow } from '../../../components/mark-scheme-fields';
import type { CreateExamVariables } from '../api/create-exam';

export type ExamFormValues = {
  /** The course select's value: the id as text, or null before one is chosen. */
  courseId: string | null;
  title: string;
  examIdentifier: string;
  description: string;
  examType: ExamType;
  /** As the date-time input gives it: 'YYYY-MM-DDTHH:mm', a wall-clock time in the platform zone. */
  dueDate: string;
  paper: File | null;
  /** PART II's optional mark scheme as typed; no rows is no scheme. */
  markScheme: SchemeRow[];
  /** Like the due date; '' for none (open once published). */
  opensAt: string;
  /** Whole minutes as typed; '' for an untimed exam. */
  timeLimitMinutes: string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** As typed; '' for every question of the paper. */
  questionsPerStudent: string;
  reviewAfter: ReviewAfter;
};

/** The sitting settings of a new exam: none, so it behaves as exams did before they existed. */
const NO_SETTINGS = {
  opensAt: '',
  timeLimitMinutes: '',
  shuffleQuestions: false,
  shuffleOptions: false,
  questionsPerStudent: '',
  reviewAfter: 'with-marks',
} as const;

export const emptyExamForm = (courseId: number | null): ExamFormValues => ({
  courseId: courseId === null ? null : String(courseId),
  title: '',
  examIdentifier: '',
  description: '',
  examType: 'TRADITIONAL',
  dueDate: '',
  paper: null,
  markScheme: [],
  ...NO_SETTINGS,
});

/** A stored instant as the date-time input shows it: 'YYYY-MM-DDTHH:mm' in the platform zone. */
const localInput = (iso: string, timeZone: string) => formatInTimeZone(iso, timeZone).replace(' ', 'T');

/** The Edit dialog's values: the exam as it is, its times in the platform zone. */
export function examFormOf(exam: Exam, timeZone: string): ExamFormValues {
  return {
    courseId: String(exam.courseId),
    title: exam.title,
    examIdentifier: exam.examIdentifier,
    description: exam.description,
    examType: exam.examType,
    dueDate: localInput(exam.dueDate, timeZone),
    paper: null,
    markScheme: [],
    opensAt: exam.opensAt ? localInput(exam.opensAt, timeZone) : '',
    timeLimitMinutes: exam.timeLimitMinutes === null ? '' : String(exam.timeLimitMinutes),
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    questionsPerStudent: exam.questionsPerStudent === null ? '' : String(exam.questionsPerStudent),
    reviewAfter: exam.reviewAfter,
  };
}

/** A number as typed: '' is none, anything else the contract judges (text that is no number fails it). */
const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The settings as the contract takes them; a PART II exam has no MCQ-only ones. */
function settingsOf(values: ExamFormValues) {
  const mcq = values.examType === 'MCQ';
  return {
    opensAt: values.opensAt.trim() === '' ? null : values.opensAt.trim(),
    timeLimitMinutes: typedNumber(values.timeLimitMinutes),
    shuffleQuestions: mcq && values.shuffleQuestions,
    shuffleOptions: mcq && values.shuffleOptions,
    questionsPerStudent: mcq ? typedNumber(values.questionsPerStudent) : null,
    reviewAfter: values.reviewAfter,
  };
}

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Both wall-clock times of one zone: their text sorts as they do. Others are left to the server. */
function opensTooLate({ opensAt, dueDate }: Pick<ExamFormValues, 'opensAt' | 'dueDate'>) {
  if (!opensAt.trim() || HAS_OFFSET.test(opensAt.trim()) || HAS_OFFSET.test(dueDate.trim())) return false;
  return toLocalDateTime(opensAt) >= toLocalDateTime(dueDate);
}

const paperMegabytes = EXAM_LIMITS.paperMaxBytes / (1024 * 1024);
export const PAPER_TOO_BIG = `The exam paper must be at most ${paperMegabytes} MB.`;

/** The one rule the contract's schema cannot hold: it needs the file part. */
function paperProblem({ examType, paper }: Pick<ExamFormValues, 'examType' | 'paper'>): string | null {
  if (examType !== 'TRADITIONAL') return null;
  if (!paper) return EXAM_MESSAGES.paper;
  return paper.size > EXAM_LIMITS.paperMaxBytes ? PAPER_TOO_BIG : null;
}

/*
 * The contract's create schema (the server's own sentences) plus the paper rule, every problem at
 * once. Not `.refine` on the object: zod skips that while a field has failed, and the paper's
 * message would show only after everything else was fixed.
 */
const formSchema = (editing: boolean) =>
  z
    .custom<ExamFormValues>((value) => typeof value === 'object' && value !== null)
    .superRefine((values, ctx) => {
      const exam = { ...values, ...settingsOf(values), markScheme: undefined };
      for (const issue of createExamSchema.safeParse(exam).error?.issues ?? [])
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      if (opensTooLate(values))
        ctx.addIssue({ code: 'custom', path: ['opensAt'], message: EXAM_MESSAGES.opensBeforeDue });
      // An edit keeps the exam's paper and mark scheme (the marking studio edits the scheme).
      if (editing) return;
      const paper = paperProblem(values);
      if (paper) ctx.addIssue({ code: 'custom', path: ['paper'], message: paper });
      const scheme = schemeOf(values);
      if (scheme && 'error' in scheme) ctx.addIssue({ code: 'custom', path: ['markScheme'], message: scheme.error });
    });

export const examFormSchema = formSchema(false);
export const editExamFormSchema = formSchema(true);

/**
 * The server reads a date-time without an offset in the platform time zone, to the second:
 * 'YYYY-MM-DDTHH:mm' gains ':00'. A time typed with an offset (where the browser has no date-time
 * picker) is absolute and goes as typed.
 */
export function toLocalDateTime(value: string): string {
  const text = value.trim().replace(' ', 'T');
  return /T\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
}

/** A PART II exam's typed scheme, checked; null when there is none to send. */
function schemeOf({ examType, markScheme }: Pick<ExamFormValues, 'examType' | 'markScheme'>) {
  return examType === 'TRADITIONAL' && markScheme.length > 0 ? readScheme(markScheme) : null;
}

/** What is sent once the form passes: the trimmed `examDTO` and, for PART II only, the paper and mark scheme. */
export function toCreateExam(values: ExamFormValues): CreateExamVariables {
  const { courseId, title, examIdentifier, description, examType, dueDate, paper } = values;
  const exam = createExamSchema.parse({ courseId, title, examIdentifier, description, examType, dueDate });
  const scheme = schemeOf(values);
  const settings = settingsOf(values);
  // Only the settings chosen: an exam created without any is sent as before they existed.
  const chosen = Object.fromEntries(
    Object.entries({
      ...settings,
      opensAt: settings.opensAt === null ? null : toLocalDateTime(settings.opensAt),
    }).filter(([field, value]) => value !== NO_SETTINGS_SENT[field as keyof typeof NO_SETTINGS_SENT]),
  );
  return {
    exam: {
      ...exam,
      dueDate: toLocalDateTime(exam.dueDate),
      ...(scheme && 'scheme' in scheme ? { markScheme: scheme.scheme } : {}),
      ...chosen,
    },
    paper: exam.examType === 'TRADITIONAL' ? paper : null,
  };
}

/** The settings' values that mean "not chosen", as `settingsOf` gives them. */
const NO_SETTINGS_SENT = {
  opensAt: null,
  timeLimitMinutes: null,
  shuffleQuestions: false,
  shuffleOptions: false,
  questionsPerStudent: null,
  reviewAfter: 'with-marks',
} as const;

/**
 * What an edit sends: only the fields that differ from the exam as the dialog opened (`initial`),
 * text trimmed, times local to the second, null for a setting cleared.
 */
export function toUpdateExam(initial: ExamFormValues, values: ExamFormValues): UpdateExam {
  const before = settingsOf(initial);
  const after = settingsOf(values);
  const changes: UpdateExam = {};
  if (values.title.trim() !== initial.title.trim()) changes.title = values.title.trim();
  if (values.description.trim() !== initial.description.trim()) changes.description = values.description.trim();
  if (values.dueDate.trim() !== initial.dueDate.trim()) changes.dueDate = toLocalDateTime(values.dueDate);
  if (after.opensAt !== before.opensAt)
    changes.opensAt = after.opensAt === null ? null : toLocalDateTime(after.opensAt);
  if (after.timeLimitMinutes !== before.timeLimitMinutes) changes.timeLimitMinutes = after.timeLimitMinutes;
  if (after.shuffleQuestions !== before.shuffleQuestions) changes.shuffleQuestions = after.shuffleQuestions;
  if (after.shuffleOptions !== before.shuffleOptions) changes.shuffleOptions = after.shuffleOptions;
  if (after.questionsPerStudent !== before.questionsPerStudent) changes.questionsPerStudent = after.questionsPerStudent;
  if (after.reviewAfter !== before.reviewAfter) changes.reviewAfter = after.reviewAfter;
  return changes;
}
