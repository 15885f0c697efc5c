import { z } from 'zod';

/**
 * How much of each lecture students have watched, from the played segments the students' app
 * records. A lecture here is a resource of the course with a length (duration > 0); a PDF or a
 * picture has none. "Enrolled" means an enrolment in the course, ACTIVE or DISABLED.
 *
 * A student's watched seconds of a lecture are the union of the segments of all their viewings (a
 * part watched twice counts once). Records made before segments existed (posted whole, without
 * segments) cannot be placed in the lecture and count by their duration alone: the student's seconds
 * are then the larger of that union and the sum of those durations. Coverage = watched seconds ÷
 * length, at most 1.
 */

/** The drop-off curve is read at 0 %, 5 %, …, 100 % of the lecture: DROP_OFF_STEPS + 1 points. */
export const DROP_OFF_STEPS = 20;
/** How many not-watched students a lecture names unless asked otherwise (with their total). */
export const NOT_WATCHED_DEFAULT = 20;
export const NOT_WATCHED_MAX = 100;

export const LEGACY_NOTE = 'Records made before played segments were recorded count by their duration alone.';

export const coverageStudentSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
});
export type CoverageStudent = z.infer<typeof coverageStudentSchema>;

export const lectureCoverageSchema = z.object({
  lectureId: z.number().int(),
  title: z.string(),
  /** Seconds. */
  length: z.number(),
  /** Enrolled students with at least one watch record of the lecture. */
  opened: z.number().int(),
  /** The mean coverage (0–1) of the enrolled students who opened it; null when nobody has. */
  averageCoverage: z.number().nullable(),
  /**
   * Share of the openers with played segments whose segments cover each point (at 0 %, 5 %, … 100 %
   * of the length): DROP_OFF_STEPS + 1 values, or [] when no opener has segments.
   */
  dropOff: z.array(z.number()),
  /** Openers whose segments the curve is made of (legacy-only openers cannot be placed). */
  dropOffBase: z.number().int(),
  /** Records of enrolled students made before segments existed (counted by their duration). */
  legacy: z.number().int(),
  /** Enrolled students with no record of the lecture: the first ones by username, and how many in all. */
  notWatched: z.object({ total: z.number().int(), items: z.array(coverageStudentSchema) }),
});
export type LectureCoverage = z.infer<typeof lectureCoverageSchema>;

export const courseCoverageSchema = z.object({
  courseId: z.number().int(),
  /** Students enrolled in the course. */
  enrolled: z.number().int(),
  /** In the course's lecture order (by live time). */
  lectures: z.array(lectureCoverageSchema),
});
export type CourseCoverage = z.infer<typeof courseCoverageSchema>;

const notWatchedLimitSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,2})$/, { message: 'notWatchedLimit must be a whole number.' })
  .transform(Number)
  .refine((value) => value <= NOT_WATCHED_MAX, { message: `notWatchedLimit must be at most ${NOT_WATCHED_MAX}.` });

export const courseCoverageQuerySchema = z.object({ notWatchedLimit: notWatchedLimitSchema.optional() });
export type CourseCoverageQuery = z.infer<typeof courseCoverageQuerySchema>;

export const studentLectureCoverageSchema = z.object({
  lectureId: z.number().int(),
  title: z.string(),
  length: z.number(),
  /** Whether the student has any record of it. */
  opened: z.boolean(),
  /** 0–1; 0 when not opened. */
  coverage: z.number(),
  /** Some of the student's records of it were made before segments existed. */
  legacy: z.boolean(),
});
export type StudentLectureCoverage = z.infer<typeof studentLectureCoverageSchema>;

export const studentCoverageSchema = z.object({
  studentId: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  /** Every course the student is enrolled in, by title. */
  courses: z.array(
    z.object({
      courseId: z.number().int(),
      title: z.string(),
      lectures: z.array(studentLectureCoverageSchema),
    }),
  ),
});
export type StudentCoverage = z.infer<typeof studentCoverageSchema>;
