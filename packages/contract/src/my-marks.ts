import { z } from 'zod';

/**
 * GET /me/marks: a student's own marks, one row per exam identifier they submitted under. A part
 * shows only what is published: an MCQ's score and feedback once its exam is published, a PART II
 * score, grade, feedback and marked paper once its marks are. Until then they are null and
 * `published` says why.
 */
export const MY_PART_STATUSES = ['Not Submitted', 'Submitted', 'Marked'] as const;
export const myPartStatusSchema = z.enum(MY_PART_STATUSES);
export type MyPartStatus = z.infer<typeof myPartStatusSchema>;

export const myMarksPartSchema = z.object({
  examId: z.number().int(),
  examTitle: z.string(),
  /** `Marked` only once the mark is published (and, for PART II, given). */
  status: myPartStatusSchema,
  /** Whether the part's marks may be seen yet (MCQ: the exam published; PART II: its marks). */
  published: z.boolean(),
  submittedAt: z.string().nullable(),
  /** MCQ out of 50, PART II out of 100; null until published and marked. */
  score: z.number().nullable(),
  feedback: z.string().nullable(),
});
export type MyMarksPart = z.infer<typeof myMarksPartSchema>;

export const myMarksPartTwoSchema = myMarksPartSchema.extend({
  /** The A/L letter of the PART II mark (A ≥ 75, B ≥ 65, C ≥ 50, S ≥ 35, else F). */
  grade: z.string().nullable(),
  /** A signed link to the tutor's marked paper, short-lived. */
  markedPaperUrl: z.string().nullable(),
});
export type MyMarksPartTwo = z.infer<typeof myMarksPartTwoSchema>;

export const myMarksRowSchema = z.object({
  examIdentifier: z.string(),
  /** The course of the identifier's exams, shown beside the code. */
  courseTitle: z.string().nullable().optional(),
  /** Null when the identifier has no MCQ exam the student can know of. */
  mcq: myMarksPartSchema.nullable(),
  partTwo: myMarksPartTwoSchema.nullable(),
  /** MCQ + half of PART II, out of 100, from the published parts only (null when neither is). */
  combinedTotalScore: z.number().nullable(),
});
export type MyMarksRow = z.infer<typeof myMarksRowSchema>;
