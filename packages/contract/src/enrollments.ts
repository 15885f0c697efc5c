import { z } from 'zod';
import { idSchema } from './common.js';
import { ENROLLMENT_STATUSES } from './constants.js';
import { pageQuerySchema, searchTextSchema, sortSchema } from './paging.js';

export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES, {
  message: 'Status must be ACTIVE or DISABLED.',
});

export const enrollmentSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  enrollmentDate: z.string(),
  studentId: z.number().int(),
  studentUsername: z.string(),
  status: enrollmentStatusSchema,
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const createEnrollmentSchema = z.object({
  studentId: idSchema('studentId'),
  courseId: idSchema('courseId'),
  status: enrollmentStatusSchema.default('ACTIVE'),
});
export type CreateEnrollment = z.input<typeof createEnrollmentSchema>;

export const updateEnrollmentSchema = z.object({ status: enrollmentStatusSchema });
export type UpdateEnrollment = z.infer<typeof updateEnrollmentSchema>;

/** GET /enrollments/course/{id}: paging, `q` on the student's username, and a sort. */
export const ENROLLMENT_SORT_FIELDS = ['username', 'enrollmentDate'] as const;
export const enrollmentListQuerySchema = pageQuerySchema.extend({
  sort: sortSchema(ENROLLMENT_SORT_FIELDS).optional(),
});
export type EnrollmentListQuery = z.infer<typeof enrollmentListQuerySchema>;

/** The most students one bulk request may name; "everyone not yet assigned" has no such limit. */
export const MAX_BULK_STUDENTS = 1000;

/**
 * POST /enrollments/bulk: enrol many students in one request and one statement. Either the named
 * students, or every student not yet in the course (`allUnassigned`, optionally only those whose
 * username contains `q`). Students already enrolled are skipped and counted, not refused.
 */
export const bulkEnrollmentSchema = z
  .object({
    courseId: idSchema('courseId'),
    status: enrollmentStatusSchema.default('ACTIVE'),
    studentIds: z
      .array(idSchema('Each student id'))
      .min(1, { message: 'Select at least one student.' })
      .max(MAX_BULK_STUDENTS, { message: `At most ${MAX_BULK_STUDENTS} students can be assigned at once.` })
      .optional(),
    allUnassigned: z
      .object({
        q: searchTextSchema.optional(),
      })
      .optional(),
  })
  .refine((body) => (body.studentIds === undefined) !== (body.allUnassigned === undefined), {
    message: 'Give either studentIds or allUnassigned.',
  });
export type BulkEnrollment = z.input<typeof bulkEnrollmentSchema>;

export const bulkEnrollmentResultSchema = z.object({
  /** Enrolments made by this request. */
  created: z.number().int(),
  /** Named students who were already in the course. */
  alreadyEnrolled: z.number().int(),
  /** The status the new enrolments got: DISABLED when the course is paused. */
  status: enrollmentStatusSchema,
});
export type BulkEnrollmentResult = z.infer<typeof bulkEnrollmentResultSchema>;

export const studentIdParamSchema = z.object({ studentId: idSchema('studentId') });
