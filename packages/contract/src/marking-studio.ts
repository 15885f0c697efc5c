import { z } from 'zod';
import { isBlank } from './common.js';
import { hasTwoDecimalsAtMost, sumOfMarks } from './scores.js';

/**
 * The marking studio: a PART II script marked in the browser. Annotations sit on the script's pages
 * at fractions (0–1) of the page's width and height, so they stay in place at any zoom; the server
 * draws them onto the marked paper when the mark is saved.
 */
export const ANNOTATION_KINDS = ['pen', 'tick', 'cross', 'text', 'highlight'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

export const MARKING_LIMITS = {
  /** Annotations on one script. */
  annotationsPerScript: 2000,
  /** Points in one pen stroke. */
  pointsPerStroke: 4000,
  textMax: 2000,
  /** Questions in a mark scheme. */
  schemeQuestions: 50,
  schemeLabelMax: 40,
  /** Comments in an exam's comment bank. */
  bankComments: 100,
  bankCommentMax: 500,
  /** How long a claimed script is kept for one tutor when they do not save it. */
  claimMinutes: 10,
  /** A zip of marked papers. */
  bulkZipMaxBytes: 2 * 1024 * 1024 * 1024,
  bulkZipMaxFiles: 20_000,
} as const;

export const MARKING_MESSAGES = {
  schemeTotal: 'The questions’ maximum marks must add up to 100.',
  schemeOnlyPartTwo: 'A mark scheme is set only on PART II exams.',
  questionMarks: 'Give a mark for every question of the mark scheme, each from 0 to its maximum.',
  notPartTwo: 'Only PART II scripts are marked in the studio.',
  notRenderable: 'This script is a Word document: download it to read it; the marked paper is not drawn for it.',
  bulkNotZip: 'Please upload a .zip file of marked papers.',
  bulkEmpty: 'The zip holds no marked papers.',
  marksCsvHeader: 'marks.csv must have the columns username, score and feedback.',
  ifMatch: 'If-Match must be the version of the submission in double quotes, for example "3", or *.',
  changedWhileSaving: 'This submission kept changing while the mark was saved. Please try again.',
} as const;

/**
 * A save sent with `If-Match: "<version>"` from an older version than the stored one: who saved the
 * newer one and when (in the platform's time zone, as `formatInTimeZone` writes it).
 */
export const staleChangeMessage = (who: string, when: string) =>
  `${who} changed this submission at ${when}, after the version you sent. Reload it to see their change before saving yours.`;

/**
 * The 409 answer of a save whose If-Match is stale: the message, and what a client needs to reload
 * or to overwrite (send again with `version`). Other 409s carry the message alone.
 */
export const staleChangeSchema = z.object({
  message: z.string(),
  version: z.number().int().optional(),
  changedBy: z.string().nullable().optional(),
  changedAt: z.string().nullable().optional(),
});
export type StaleChange = z.infer<typeof staleChangeSchema>;

const fractionSchema = z.number().min(0).max(1);
const pointSchema = z.tuple([fractionSchema, fractionSchema]);
const pageNumberSchema = z.number().int().min(1).max(10_000);

/** One mark on a script; `x`, `y` is its top-left corner (a pen stroke: its first point). */
export const annotationSchema = z.discriminatedUnion('kind', [
  z.object({
    page: pageNumberSchema,
    kind: z.literal('pen'),
    x: fractionSchema,
    y: fractionSchema,
    points: z.array(pointSchema).min(1).max(MARKING_LIMITS.pointsPerStroke),
    color: z.string().max(20).optional(),
  }),
  z.object({ page: pageNumberSchema, kind: z.literal('tick'), x: fractionSchema, y: fractionSchema }),
  z.object({ page: pageNumberSchema, kind: z.literal('cross'), x: fractionSchema, y: fractionSchema }),
  z.object({
    page: pageNumberSchema,
    kind: z.literal('text'),
    x: fractionSchema,
    y: fractionSchema,
    // Only spaces and zero-width characters print nothing: such a comment is as empty as ''.
    text: z
      .string()
      .trim()
      .refine((value) => !isBlank(value), { message: 'A text comment must not be empty.', abort: true })
      .max(MARKING_LIMITS.textMax),
  }),
  z.object({
    page: pageNumberSchema,
    kind: z.literal('highlight'),
    x: fractionSchema,
    y: fractionSchema,
    w: fractionSchema,
    h: fractionSchema,
  }),
]);
export type Annotation = z.infer<typeof annotationSchema>;

/** PUT /api/v1/submissions/{id}/annotations: the script's whole set (it replaces the last one). */
export const annotationsInputSchema = z.object({
  items: z.array(annotationSchema).max(MARKING_LIMITS.annotationsPerScript, {
    message: `A script holds at most ${MARKING_LIMITS.annotationsPerScript} annotations.`,
  }),
});
export type AnnotationsInput = z.infer<typeof annotationsInputSchema>;

/** GET (and the answer of PUT) /api/v1/submissions/{id}/annotations. */
export const annotationsSchema = annotationsInputSchema.extend({
  /** Who saved them last, and when (ISO 8601); null before the first save. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The submission's version after them: the next save's If-Match. */
  version: z.number().int(),
});
export type Annotations = z.infer<typeof annotationsSchema>;

/** A PART II exam's mark scheme: its questions and their maximum marks, adding up to 100. */
export const markSchemeSchema = z
  .array(
    z.object({
      label: z
        .string()
        .trim()
        .min(1, { message: 'Each question of the mark scheme needs a label (for example Q1).' })
        .max(MARKING_LIMITS.schemeLabelMax),
      maxMarks: z
        .number({ message: 'Each question’s maximum mark must be a number.' })
        .positive({ message: 'Each question’s maximum mark must be more than 0.' })
        .max(100)
        .refine(hasTwoDecimalsAtMost, { message: 'Marks have at most two decimals.' }),
    }),
  )
  .max(MARKING_LIMITS.schemeQuestions)
  .refine((items) => items.length === 0 || sumOfMarks(items.map((q) => q.maxMarks)) === 100, {
    message: MARKING_MESSAGES.schemeTotal,
  });
export type MarkScheme = z.infer<typeof markSchemeSchema>;

/** An exam's comment bank: comments a tutor inserts with a click or a key. */
export const commentBankSchema = z.object({
  comments: z.array(z.string().trim().min(1).max(MARKING_LIMITS.bankCommentMax)).max(MARKING_LIMITS.bankComments, {
    message: `A comment bank holds at most ${MARKING_LIMITS.bankComments} comments.`,
  }),
});
export type CommentBank = z.infer<typeof commentBankSchema>;

/** GET /api/v1/exams/{examId}/marking: what the studio needs about the exam as a whole. */
export const markingOverviewSchema = z.object({
  examId: z.number().int(),
  examTitle: z.string(),
  examIdentifier: z.string(),
  courseTitle: z.string(),
  /** Scripts handed in, and how many of them have a score. */
  total: z.number().int(),
  marked: z.number().int(),
  markScheme: markSchemeSchema,
  comments: z.array(z.string()),
});
export type MarkingOverview = z.infer<typeof markingOverviewSchema>;

/**
 * POST /api/v1/exams/{examId}/marking/next: claims the next unmarked script for the caller (a claim
 * lasts `claimMinutes` unless saved) and answers it, or null when every script is marked or claimed.
 * `after` is the script the tutor is leaving, so "next" moves on in the list's order.
 */
export const nextScriptQuerySchema = z.object({ after: z.coerce.number().int().positive().optional() });
export const nextScriptSchema = z.object({
  submissionId: z.number().int().nullable(),
  total: z.number().int(),
  marked: z.number().int(),
});
export type NextScript = z.infer<typeof nextScriptSchema>;

/**
 * The grade call's extra field when the exam has a mark scheme: a JSON array of one mark per
 * question (the score is their sum).
 */
export const questionMarksSchema = z
  .array(z.number().min(0).max(100).refine(hasTwoDecimalsAtMost))
  .max(MARKING_LIMITS.schemeQuestions);

/** POST /api/v1/exams/{examId}/marked-papers: what a zip of marked papers matched, or did. */
export const bulkReturnReportSchema = z.object({
  dryRun: z.boolean(),
  matched: z.array(z.object({ file: z.string(), username: z.string(), submissionId: z.number().int() })),
  unmatchedFiles: z.array(z.string()),
  /** Usernames of scripts the zip has no file for. */
  scriptsWithoutFile: z.array(z.string()),
  /** Usernames among `matched` whose script already had a marked paper (it is replaced). */
  alreadyMarked: z.array(z.string()),
  /** From marks.csv, when the zip holds one. */
  marks: z
    .object({
      rows: z.number().int(),
      errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
    })
    .nullable(),
  /** Marked papers attached and scores set (0 in a dry run, or when marks.csv has an error). */
  applied: z.number().int(),
});
export type BulkReturnReport = z.infer<typeof bulkReturnReportSchema>;
export const bulkReturnQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** PUT /api/v1/exams/{examId}/mark-scheme (also `markScheme` in the create call's examDTO). */
export const markSchemeInputSchema = z.object({ markScheme: markSchemeSchema });

/**
 * GET /api/v1/submissions/{id}/script: one script as the studio shows it. `scriptKind` says how to
 * show it (pdf, jpg, png; doc/docx only as a download); `previousId` / `nextId` are its neighbours in
 * the Submissions list's order (newest first), for the p and n keys.
 */
export const studioScriptSchema = z.object({
  id: z.number().int(),
  examId: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  username: z.string(),
  submittedAt: z.string(),
  traditionalScore: z.number().nullable(),
  questionMarks: z.array(z.number()).nullable(),
  instructorFeedback: z.string().nullable(),
  gradedAt: z.string().nullable(),
  /** Counts staff's changes to the script (see `submissionSchema.version`). */
  version: z.number().int(),
  scriptKind: z.enum(['pdf', 'jpg', 'png', 'doc', 'docx']).nullable(),
  /** Signed links: the student's script, and the marked paper once there is one. */
  scriptUrl: z.string().nullable(),
  markedPaperUrl: z.string().nullable(),
  previousId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
});
export type StudioScript = z.infer<typeof studioScriptSchema>;

/**
 * POST /api/v1/exams/{examId}/marking/open: all the studio needs to open, in one call. With
 * `script`, that script; else the next unmarked one after `after` (none: from the top, the one the
 * tutor holds first), claimed for the caller as `marking/next` does; `script` null when none is free.
 */
export const studioOpenQuerySchema = z.object({
  script: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().positive().optional(),
});
export const studioOpeningSchema = z.object({
  overview: markingOverviewSchema,
  script: studioScriptSchema.nullable(),
  annotations: annotationsSchema.nullable(),
});
export type StudioOpening = z.infer<typeof studioOpeningSchema>;
