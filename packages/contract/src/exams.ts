import { z } from 'zod';
import { idSchema, isBlank } from './common.js';
import { EXAM_TYPES, LIMITS, REVIEW_AFTER } from './constants.js';
import { markSchemeSchema } from './marking-studio.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import { dateTimeSchema } from './time.js';

/** How the portal names an exam type; TRADITIONAL is only ever the stored value. */
export const EXAM_TYPE_LABELS = {
  MCQ: 'MCQ (Multiple Choice Questions)',
  TRADITIONAL: 'PART II (File Upload)',
} as const;
export const EXAM_TYPE_SHORT = { MCQ: 'MCQ', TRADITIONAL: 'PART II' } as const;

/** Limits the spec leaves open, kept once for the server's checks and the portal's hints. */
export const EXAM_LIMITS = {
  identifierMax: 64,
  /** A PART II paper (pdf, doc, docx, jpg, png). */
  paperMaxBytes: 50 * 1024 * 1024,
  /** An MCQ question's picture (png, jpeg, webp, gif). */
  imageMaxBytes: 5 * 1024 * 1024,
  questionTextMax: 5000,
  optionTextMax: 1000,
  questionsPerExam: 300,
  questionsPerBulk: 100,
  /** A timed sitting, and a student's extra time on it: up to ten hours. */
  timeLimitMaxMinutes: 600,
} as const;

/** What a file's first bytes may be, per use; the name alone never decides. */
export const PAPER_KINDS = ['pdf', 'doc', 'docx', 'jpg', 'png'] as const;
export const IMAGE_KINDS = ['png', 'jpg', 'webp', 'gif'] as const;
/** The `accept` attribute that matches the kinds above, for file pickers. */
export const PAPER_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png';
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export const EXAM_MESSAGES = {
  course: 'Please select a course.',
  identifier: 'Please fill in the Exam Identifier.',
  paper: 'Please upload an exam paper file for traditional exams.',
  required: 'Please fill in all required fields: Title, Description, and Due Date.',
  date: 'Invalid date format. Please use YYYY-MM-DDTHH:mm.',
  identifierShape: 'The Exam Identifier may hold only letters, digits, _, - and . (for example CHEM101_FINAL).',
  hasSubmissions: 'Cannot delete this exam because it has submissions.',
  contentDeleted: "This exam's content has been deleted.",
  gradesGate: 'Marks can only be published or unpublished for a published PART II exam.',
  notMcq: 'This page is only for MCQ exams.',
  pastDue: 'This due date has passed: the exam would be closed at once.',
  opensBeforeDue: 'The opening time must be before the due date.',
  timeLimit: `The time limit must be a whole number of minutes from 1 to ${EXAM_LIMITS.timeLimitMaxMinutes}.`,
  questionsPerStudent: 'Questions per student must be a whole number, at least 1.',
  mcqOnly: 'Shuffling and questions per student apply to MCQ exams only.',
  reviewAfter: 'Show answers must be never, after-close or with-marks.',
  flag: (field: string) => `${field} must be true or false.`,
} as const;

/** More questions per student than the paper holds: said on an edit, and when publishing. */
export const questionsPerStudentTooMany = (wanted: number, count: number) =>
  `Questions per student (${wanted}) cannot be more than the ${count} question(s) on this paper.`;

export const mcqOptionSchema = z.object({
  id: z.number().int(),
  optionText: z.string(),
  isCorrect: z.boolean(),
});
export type McqOption = z.infer<typeof mcqOptionSchema>;

export const mcqQuestionSchema = z.object({
  id: z.number().int(),
  questionText: z.string().nullable(),
  /** A short-lived signed link to the picture, or null. */
  questionImageUrl: z.string().nullable(),
  options: z.array(mcqOptionSchema),
});
export type McqQuestion = z.infer<typeof mcqQuestionSchema>;

export const examSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  title: z.string(),
  description: z.string(),
  /** An instant (ISO 8601, UTC); shown in the platform time zone. */
  dueDate: z.string(),
  examType: z.enum(EXAM_TYPES),
  examIdentifier: z.string(),
  published: z.boolean(),
  gradesPublished: z.boolean(),
  contentDeleted: z.boolean(),
  /** A short-lived signed link to a PART II paper, or null. */
  examPaperUrl: z.string().nullable(),
  questionCount: z.number().int(),
  submissionCount: z.number().int(),
  /** PART II scripts without a score yet (0 for MCQ): "3 scripts are still unmarked. Publish anyway?" */
  unmarkedCount: z.number().int(),
  /** A PART II exam's questions and their maximum marks (empty: marked by the score alone). */
  markScheme: markSchemeSchema,
  /** Before this instant students see the exam listed but not its paper; null: open once published. */
  opensAt: z.string().nullable(),
  /** A sitting lasts this long from its start (plus a student's extra time); null: untimed. */
  timeLimitMinutes: z.number().int().nullable(),
  /** MCQ: each sitting has its own order of questions / of each question's options. */
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  /** MCQ: each sitting draws this many of the paper's questions; null: all. */
  questionsPerStudent: z.number().int().nullable(),
  /** When a student sees the correct answers of their MCQ. */
  reviewAfter: z.enum(REVIEW_AFTER),
});
export type Exam = z.infer<typeof examSchema>;

export const examDetailSchema = examSchema.extend({ mcqQuestions: z.array(mcqQuestionSchema) });
export type ExamDetail = z.infer<typeof examDetailSchema>;

/** Text that is required, with one message for every way of missing it (the spec's wording). */
const needed = (message: string, max: number, label: string) =>
  z
    .string({ message })
    .trim()
    .normalize('NFC')
    .refine((value) => !isBlank(value), { message, abort: true })
    .refine((value) => !value.includes('\0'), { message: `${label} must not contain a NUL character.` })
    .refine((value) => value.length <= max, { message: `${label} must be at most ${max} characters.` });

const requiredDueDateSchema = z
  .string({ message: EXAM_MESSAGES.required })
  .trim()
  .refine((value) => value !== '', { message: EXAM_MESSAGES.required, abort: true })
  .pipe(dateTimeSchema('dueDate', { format: EXAM_MESSAGES.date }));

/** A whole number from `min` to `max`, one message for anything else. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ message }).int({ message }).min(min, { message }).max(max, { message });

/**
 * The sitting settings an exam is created with and edited by. A date-time here, like the due date,
 * is read in the platform time zone unless it carries an offset; null clears a setting.
 */
const examSettingsShape = {
  opensAt: dateTimeSchema('opensAt').nullable().optional(),
  timeLimitMinutes: wholeNumber(1, EXAM_LIMITS.timeLimitMaxMinutes, EXAM_MESSAGES.timeLimit).nullable().optional(),
  shuffleQuestions: z.boolean({ message: EXAM_MESSAGES.flag('shuffleQuestions') }).optional(),
  shuffleOptions: z.boolean({ message: EXAM_MESSAGES.flag('shuffleOptions') }).optional(),
  /** At most the paper's question count: the server checks that against the paper. */
  questionsPerStudent: wholeNumber(1, EXAM_LIMITS.questionsPerExam, EXAM_MESSAGES.questionsPerStudent)
    .nullable()
    .optional(),
  reviewAfter: z.enum(REVIEW_AFTER, { message: EXAM_MESSAGES.reviewAfter }).optional(),
  /** A due date already past is refused unless this says the exam is meant to be closed at once. */
  allowPastDueDate: z.boolean({ message: EXAM_MESSAGES.flag('allowPastDueDate') }).optional(),
};

/**
 * The `examDTO` part of POST /api/v1/exams. `dueDate` is the spec's local date-time (read in the
 * platform time zone) or an absolute one. The paper file comes as its own part.
 */
export const createExamSchema = z.object({
  courseId: z
    .unknown()
    .refine((value) => value !== undefined && value !== null && value !== '', {
      message: EXAM_MESSAGES.course,
      abort: true,
    })
    .pipe(idSchema('courseId')),
  title: needed(EXAM_MESSAGES.required, LIMITS.titleMax, 'Title'),
  description: needed(EXAM_MESSAGES.required, LIMITS.descriptionMax, 'Description'),
  dueDate: requiredDueDateSchema,
  examType: z.enum(EXAM_TYPES, { message: 'The exam type must be MCQ or TRADITIONAL.' }),
  examIdentifier: needed(EXAM_MESSAGES.identifier, EXAM_LIMITS.identifierMax, 'The Exam Identifier').refine(
    (value) => /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(value),
    { message: EXAM_MESSAGES.identifierShape },
  ),
  /** PART II only: the questions and their maximum marks (they add up to 100). */
  markScheme: markSchemeSchema.optional(),
  ...examSettingsShape,
});
export type CreateExam = z.input<typeof createExamSchema>;

/** What an exam keeps for good: PATCH names them rather than ignoring them. */
const FIXED_FIELDS = ['courseId', 'examType', 'examIdentifier'] as const;

/**
 * PATCH /api/v1/exams/{examId}: any of these, the others kept. Each field is checked as on creation;
 * the server checks the rest against the exam (opening before close, a past due date, the paper's
 * question count, MCQ-only settings).
 */
export const updateExamSchema = z
  .looseObject({
    title: needed(EXAM_MESSAGES.required, LIMITS.titleMax, 'Title').optional(),
    description: needed(EXAM_MESSAGES.required, LIMITS.descriptionMax, 'Description').optional(),
    dueDate: requiredDueDateSchema.optional(),
    ...examSettingsShape,
  })
  .superRefine((value, ctx) => {
    for (const field of FIXED_FIELDS) {
      if (field in value) ctx.addIssue({ code: 'custom', message: `${field} cannot be changed once the exam exists.` });
    }
  });
export type UpdateExam = z.input<typeof updateExamSchema>;

export const OVERRIDE_MESSAGES = {
  extraMinutes: `Extra time must be a whole number of minutes from 1 to ${EXAM_LIMITS.timeLimitMaxMinutes}.`,
  empty: 'An override needs extra time, its own opening or its own due date (remove it to give none).',
  notEnrolled: "This student is not actively enrolled in the exam's course.",
  studentNotFound: 'Student not found.',
  notFound: 'This student has no override on this exam.',
} as const;

/**
 * PUT /api/v1/exams/{examId}/overrides/{studentId}: the student's override, replaced whole (a field
 * left out is cleared). Date-times as for the exam's own.
 */
export const examOverrideInputSchema = z.object({
  extraMinutes: wholeNumber(1, EXAM_LIMITS.timeLimitMaxMinutes, OVERRIDE_MESSAGES.extraMinutes).nullable().optional(),
  opensAt: dateTimeSchema('opensAt').nullable().optional(),
  dueDate: dateTimeSchema('dueDate').nullable().optional(),
});
export type ExamOverrideInput = z.input<typeof examOverrideInputSchema>;

/** One student's own window on an exam; null: the exam's own (no extra time). */
export const examOverrideSchema = z.object({
  studentId: z.number().int(),
  username: z.string(),
  name: z.string(),
  extraMinutes: z.number().int().nullable(),
  opensAt: z.string().nullable(),
  dueDate: z.string().nullable(),
});
export type ExamOverride = z.infer<typeof examOverrideSchema>;

/** GET /api/v1/exams/{examId}/overrides: every override of the exam, by student name. */
export const examOverrideListSchema = z.object({ items: z.array(examOverrideSchema) });
export type ExamOverrideList = z.infer<typeof examOverrideListSchema>;

export const examStudentParamSchema = z.object({ examId: idSchema('examId'), studentId: idSchema('studentId') });

/**
 * GET /api/v1/exams/course/{courseId}/all. Without `limit`, every exam of the course (the spec's
 * array). With it, a page of exam *groups* (exams sharing an identifier): `items` holds every exam
 * of the groups on the page, `total` counts groups. `q` matches title or description, any case.
 */
export const examListQuerySchema = pageQuerySchema;
export const examGroupPageSchema = pageSchema(examSchema);
export type ExamGroupPage = z.infer<typeof examGroupPageSchema>;

export const courseIdParamSchema = z.object({ courseId: idSchema('courseId') });
export const examIdParamSchema = z.object({ examId: idSchema('examId') });

/** Answer of publish-grades: the exam, whose `unmarkedCount` says how many scripts were still unmarked. */
export const publishGradesResponseSchema = examSchema;
