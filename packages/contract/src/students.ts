import { z } from 'zod';
import { newPasswordSchema, newUsernameSchema } from './auth.js';
import { idSchema, isBlank } from './common.js';
import { LIMITS } from './constants.js';
import { pageQuerySchema } from './paging.js';

export const studentSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  loggedIn: z.boolean(),
});
export type Student = z.infer<typeof studentSchema>;

/**
 * A student's name in any script (Sinhala, Tamil, English): trimmed, kept as typed otherwise (a
 * zero-width joiner inside a Sinhala conjunct stays). Blank or null means no name.
 */
export const studentNameSchema = z
  .union(
    [
      z.null(),
      z
        .string({ message: 'Name must be text.' })
        .trim()
        .normalize('NFC')
        .refine((value) => !value.includes('\0'), { message: 'Name must not contain a NUL character.' })
        .refine((value) => value.length <= LIMITS.nameMax, {
          message: `Name must be at most ${LIMITS.nameMax} characters.`,
        }),
    ],
    { message: 'Name must be text.' },
  )
  .transform((value) => (value === null || isBlank(value) ? null : value));

export const studentSignupRequestSchema = z.object({
  username: newUsernameSchema,
  password: newPasswordSchema,
  name: studentNameSchema.optional(),
});
export type StudentSignupRequest = z.infer<typeof studentSignupRequestSchema>;

/** The spec's label rule for dropdowns: username, else name, else 'ID: {id}'. */
export function studentLabel(student: Pick<Student, 'id' | 'username' | 'name'>): string {
  if (student.username) return student.username;
  if (student.name) return student.name;
  return `ID: ${student.id}`;
}

/**
 * GET /students: paging plus `notInCourse`, which leaves out the course's students (the picker that
 * assigns students offers only those not yet assigned).
 */
export const studentListQuerySchema = pageQuerySchema.extend({
  notInCourse: idSchema('notInCourse').optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

/** PUT /students/{id}: a new username, a new password only when one is given, the name when given (null clears it). */
export const studentUpdateRequestSchema = z.object({
  username: newUsernameSchema,
  password: z.union([z.literal(''), newPasswordSchema]).optional(),
  name: studentNameSchema.optional(),
});
export type StudentUpdateRequest = z.infer<typeof studentUpdateRequestSchema>;

/** POST /logoutstudent: ends every session of that student at once. */
export const logoutStudentRequestSchema = z.object({
  username: z.string().trim().min(1, { message: 'A username is required.' }),
});

/** DELETE /students/{id}: `confirmMarks=true` when the student has exam submissions to delete too. */
export const deleteStudentQuerySchema = z.object({
  confirmMarks: z.enum(['true', 'false'], { message: 'confirmMarks must be true or false.' }).optional(),
});
