import { z } from 'zod';
import { idSchema } from './common.js';
import { ENROLLMENT_STATUSES } from './constants.js';

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
