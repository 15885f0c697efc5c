import { z } from 'zod';
import { idSchema } from './common.js';
import { examSchema, mcqOptionSchema, mcqQuestionSchema } from './exams.js';
import { pageQuerySchema } from './paging.js';
import { readTypedMark } from './scores.js';

/** What a student may upload as a PART II answer, and a tutor as a marked paper. */
export const ANSWER_KINDS = ['pdf', 'doc', 'docx', 'jpg', 'png'] as const;
export const MARKED_PAPER_KINDS = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'png'] as const;
export const MARKED_PAPER_ACCEPT = '.pdf,.doc,.docx,.txt,.jpg,.jpeg,.png';
/** Default size limit of a PART II answer script (the server's ANSWER_MAX_BYTES overrides it). */
export const DEFAULT_ANSWER_MAX_BYTES = 50 * 1024 * 1024;

export const SUBMISSION_MESSAGES = {
  contentDeleted: 'Cannot grade submission because the exam content has been deleted.',
  missingId: 'Submission ID is missing.',
  scoreNumber: 'Traditional Score must be a valid number.',
  scoreRange: 'Traditional Score must be from 0 to 100, with at most two decimals.',
  scoreOnlyPartTwo: 'A score is given only for PART II submissions; MCQ papers are marked automatically.',
  alreadySubmitted: 'You have already submitted this exam.',
  pastDue: 'The due date of this exam has passed.',
  notOpen: 'This exam is not open for submissions.',
  marked: 'Your answer has been marked and can no longer be replaced.',
  notYourOption: 'Each answer must be one of its own question’s options.',
  noDraft: 'No answers have been saved for this exam yet.',
  /** A timed sitting's deadline has passed (its own time, or the close that cut it short). */
  timeUp: 'Time is up.',
  /** A timed exam is answered only within a sitting, begun with POST /me/exams/{examId}/start. */
  notStarted: 'Press Start to begin this exam first.',
} as const;

/** Before a student's opening time, as the students' app shows it (`when` in the platform time zone). */
export const examOpensMessage = (when: string) => `This exam opens at ${when}.`;

/**
 * The portal's names for the server's submission and exam statuses (as the screens word them); other
 * values show as they are, an absent one as N/A.
 */
export const SUBMISSION_STATUS_LABELS: Record<string, string> = { Graded: 'Marked' };
export const OVERALL_STATUS_LABELS: Record<string, string> = {
  'Fully Graded': 'Fully Marked',
  'Partially Graded': 'Partially Marked',
};
export const statusLabel = (value: string | null | undefined, labels: Record<string, string>) =>
  value ? (labels[value] ?? value) : 'N/A';

export const submissionSchema = z.object({
  id: z.number().int(),
  examId: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  submittedAt: z.string(),
  mcqScore: z.number().nullable(),
  traditionalScore: z.number().nullable(),
  instructorFeedback: z.string().nullable(),
  gradedAt: z.string().nullable(),
  /** Signed links (PART II answer, marked paper), or null. */
  submittedAnswerDownloadUrl: z.string().nullable(),
  markedPaperPath: z.string().nullable(),
  markedPaperDownloadUrl: z.string().nullable(),
  /**
   * Counts staff's changes to the script (mark, feedback, marked paper, annotations). The grade and
   * annotations calls take it as `If-Match: "<version>"` and refuse (409) a save from an older one.
   */
  version: z.number().int(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** GET /api/v1/submissions/exam/{examId}: paging and `q` (student name, username or ID). */
export const submissionListQuerySchema = pageQuerySchema;

export const questionFeedbackSchema = z.object({
  questionId: z.number().int(),
  questionText: z.string().nullable(),
  questionImagePath: z.string().nullable(),
  studentSelectedOptionText: z.string().nullable(),
  studentCorrect: z.boolean(),
  correctOptionText: z.string().nullable(),
});
export const mcqFeedbackSchema = z.object({
  studentName: z.string(),
  mcqScore: z.number().nullable(),
  correctCount: z.number().int(),
  totalQuestions: z.number().int(),
  questionsFeedback: z.array(questionFeedbackSchema),
});
export type McqFeedback = z.infer<typeof mcqFeedbackSchema>;

export const scoreSummaryRowSchema = z.object({
  examIdentifier: z.string(),
  /** The title of the course the identifier's exams belong to (several, comma-separated, in the rare case). */
  courseTitle: z.string().nullable().optional(),
  mcqScore: z.number().nullable(),
  traditionalScore: z.number().nullable(),
  combinedTotalScore: z.number().nullable(),
});
export type ScoreSummaryRow = z.infer<typeof scoreSummaryRowSchema>;

export const marksSummarySchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  examIdentifier: z.string(),
  /** The course of the identifier's exams, shown beside the code. */
  courseTitle: z.string().nullable().optional(),
  mcqExamId: z.number().int().nullable(),
  mcqExamTitle: z.string().nullable(),
  mcqScore: z.number().nullable(),
  mcqSubmissionStatus: z.string().nullable(),
  mcqInstructorFeedback: z.string().nullable(),
  mcqSubmittedAt: z.string().nullable(),
  traditionalExamId: z.number().int().nullable(),
  traditionalExamTitle: z.string().nullable(),
  traditionalScore: z.number().nullable(),
  traditionalGrade: z.string().nullable(),
  traditionalSubmissionStatus: z.string().nullable(),
  traditionalInstructorFeedback: z.string().nullable(),
  traditionalSubmittedAt: z.string().nullable(),
  traditionalSubmittedAnswerDownloadUrl: z.string().nullable(),
  traditionalMarkedPaperDownloadUrl: z.string().nullable(),
  overallExamStatus: z.string().nullable(),
  totalScore: z.number().nullable(),
});
export type MarksSummary = z.infer<typeof marksSummarySchema>;

/** POST /api/v1/submissions/exam/{examId}/mcq: one option per answered question. */
export const mcqAnswersSchema = z.object({
  answers: z
    .array(z.object({ questionId: idSchema('questionId'), optionId: idSchema('optionId') }))
    .max(1000, { message: 'Too many answers.' }),
});
export type McqAnswers = z.infer<typeof mcqAnswersSchema>;

/**
 * PUT /api/v1/submissions/exam/{examId}/draft: the whole set of choices so far (it replaces the
 * saved one). `revision` counts the app's saves: a save older than the stored one is ignored, so a
 * retry that arrives late never undoes a newer choice.
 */
export const mcqDraftInputSchema = mcqAnswersSchema.extend({
  revision: z
    .number({ message: 'revision must be a whole number.' })
    .int({ message: 'revision must be a whole number.' })
    .min(0, { message: 'revision must be a whole number.' })
    .max(2_147_483_647, { message: 'revision must be a whole number.' })
    .optional(),
});
export type McqDraftInput = z.infer<typeof mcqDraftInputSchema>;

/** A saved MCQ sitting as stored: what GET and PUT of the draft answer. */
export const mcqDraftSchema = z.object({
  examId: z.number().int(),
  answers: mcqAnswersSchema.shape.answers,
  revision: z.number().int(),
  updatedAt: z.string(),
});
export type McqDraft = z.infer<typeof mcqDraftSchema>;

/**
 * What a student's own submission looks like to them: the scores only once the exam's marks may be
 * seen (MCQ: at once; PART II: after publish-grades), else null.
 */
export const mySubmissionSchema = submissionSchema.pick({
  id: true,
  examId: true,
  submittedAt: true,
  mcqScore: true,
  traditionalScore: true,
});
export type MySubmission = z.infer<typeof mySubmissionSchema>;

/** The staff question without `isCorrect`: the shape itself cannot carry the answer key. */
export const studentQuestionSchema = mcqQuestionSchema.extend({
  options: z.array(mcqOptionSchema.omit({ isCorrect: true })),
});
export type StudentQuestion = z.infer<typeof studentQuestionSchema>;

/**
 * A student's sitting: its start and deadline, the earlier of start + time limit (+ their extra
 * minutes) and their close. Past the deadline nothing more is saved or handed in.
 */
export const studentSittingSchema = z.object({ startedAt: z.string(), deadline: z.string() });
export type StudentSitting = z.infer<typeof studentSittingSchema>;

/** POST /me/exams/{examId}/start: the sitting (the same one on a repeated start) and the server's time. */
export const examStartSchema = studentSittingSchema.extend({ serverNow: z.string() });
export type ExamStart = z.infer<typeof examStartSchema>;

/**
 * GET /me/exams: a published exam as a student sees it in the list, without its questions (a class
 * opening the list at once must not be sent every paper). `submittedAt` is their submission's time.
 */
export const studentExamSummarySchema = examSchema
  .pick({
    id: true,
    courseId: true,
    courseTitle: true,
    title: true,
    description: true,
    dueDate: true,
    examType: true,
    examIdentifier: true,
  })
  .extend({
    questionCount: z.number().int(),
    submitted: z.boolean(),
    submittedAt: z.string().nullable(),
    /** An MCQ sitting begun and not yet submitted (a saved draft). */
    hasDraft: z.boolean(),
    /** The student's own opening (their override over the exam's); null: open since publication. */
    opensAt: z.string().nullable(),
    /** A sitting lasts this long from its start (plus any extra time of the student's); null: untimed. */
    timeLimitMinutes: z.number().int().nullable(),
    /** The student's sitting once started: when, and when it ends (`deadline`, the server's time). */
    sitting: studentSittingSchema.nullable(),
  });
export type StudentExamSummary = z.infer<typeof studentExamSummarySchema>;

/**
 * The student's own hand-in as GET /me/exams/{examId} tells it: whether it is marked (an MCQ as it
 * is handed in; PART II once a score is given, published or not, and it may no longer be replaced)
 * and a short-lived signed link to the PART II script they handed in (null before there is one).
 */
export const studentHandInSchema = z.object({
  marked: z.boolean(),
  answerUrl: z.string().nullable(),
});
export type StudentHandIn = z.infer<typeof studentHandInSchema>;

/** GET /me/exams/{examId}: one exam with its questions and options in stored order, never the key. */
export const studentExamSchema = studentExamSummarySchema.extend({
  ...studentHandInSchema.shape,
  /** The server's time as it answered: the app counts a sitting's time down from it, not from the phone's clock. */
  serverNow: z.string(),
  /** In the sitting's order; empty for a timed exam not yet started. */
  questions: z.array(studentQuestionSchema),
});
export type StudentExam = z.infer<typeof studentExamSchema>;

/** Where one student stands in an exam, as staff follow a sitting: GET /api/v1/exams/{examId}/sittings. */
export const SITTING_STATES = ['not-started', 'in-progress', 'handed-in', 'handed-in-at-deadline'] as const;
export type SittingState = (typeof SITTING_STATES)[number];

/** Paging and `q` (name or username) as other lists, and `state` to keep one kind (`not-handed-in`: the first two). */
export const sittingListQuerySchema = pageQuerySchema.extend({
  state: z
    .enum([...SITTING_STATES, 'not-handed-in'], {
      message: `state must be one of: ${[...SITTING_STATES, 'not-handed-in'].join(', ')}.`,
    })
    .optional(),
});
export type SittingListQuery = z.infer<typeof sittingListQuerySchema>;

export const sittingRowSchema = z.object({
  studentId: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  state: z.enum(SITTING_STATES),
  startedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type SittingRow = z.infer<typeof sittingRowSchema>;

/** GET /api/v1/submissions/student/{studentId}/exam-score/{examIdentifier}. */
export const examScoreSchema = scoreSummaryRowSchema.extend({
  studentId: z.number().int(),
  mcqPublished: z.boolean(),
  traditionalPublished: z.boolean(),
});
export type ExamScore = z.infer<typeof examScoreSchema>;

export const identifierParamSchema = z.object({
  studentId: idSchema('studentId'),
  examIdentifier: z.string().trim().min(1, { message: 'Please fill in the Exam Identifier.' }).max(64),
});

/**
 * The text parts of POST /api/v1/submissions/{id}/grade (multipart: the marked paper is a file
 * part). An empty score means "not marked yet"; a given one is 0–100 with at most two decimals.
 */
export const gradeFieldsSchema = z.object({
  instructorFeedback: z
    .string()
    .max(10_000, { message: 'Feedback must be at most 10000 characters.' })
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null)),
  traditionalScore: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const score = readTypedMark(value, 100);
      if ('error' in score) {
        const message = score.error === 'number' ? SUBMISSION_MESSAGES.scoreNumber : SUBMISSION_MESSAGES.scoreRange;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return score.value;
    }),
});
export type GradeFields = z.output<typeof gradeFieldsSchema>;
