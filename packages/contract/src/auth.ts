import { z } from 'zod';
import { requiredText } from './common.js';
import { LANGUAGES, LIMITS, ROLES, STAFF_ROLES } from './constants.js';

export const roleSchema = z.enum(ROLES);
export const staffRoleSchema = z.enum(STAFF_ROLES);

export const signinRequestSchema = z.object({
  username: requiredText({ label: 'Username', max: LIMITS.usernameMax }),
  // Not trimmed: spaces may be part of a password.
  password: z
    .string({ message: 'Password is required.' })
    .min(1, { message: 'Password is required.' })
    .max(LIMITS.passwordMax, { message: `Password must be at most ${LIMITS.passwordMax} characters.` }),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

export const signinResponseSchema = z.object({
  jwtToken: z.string(),
  roles: z.array(roleSchema),
});
export type SigninResponse = z.infer<typeof signinResponseSchema>;

export const languageSchema = z.enum(LANGUAGES, { message: "Language must be 'en', 'si' or 'ta'." });

export const meSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(roleSchema),
  /** The students' app's language the student chose; null until they choose (the browser's is used). */
  language: languageSchema.nullable(),
  /** Lectures stream at the lowest quality (a student's setting; always false for staff). */
  dataSaver: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** PATCH /me: a student's own settings, any of them; at least one. */
export const updateMeRequestSchema = z
  .object({
    language: languageSchema.optional(),
    dataSaver: z.boolean({ message: 'dataSaver must be true or false.' }).optional(),
  })
  .refine((value) => value.language !== undefined || value.dataSaver !== undefined, {
    message: 'Give a language or dataSaver to change.',
  });
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

/** New usernames: letters, digits and . _ @ + - (e-mail addresses and phone numbers fit). */
export const newUsernameSchema = z
  .string({ message: 'Username is required.' })
  .trim()
  .min(LIMITS.usernameMin, { message: `Username must be at least ${LIMITS.usernameMin} characters.` })
  .max(LIMITS.usernameMax, { message: `Username must be at most ${LIMITS.usernameMax} characters.` })
  .regex(/^[A-Za-z0-9._@+-]+$/, {
    message: 'Username may contain only letters, digits and . _ @ + - characters.',
  });

export const newPasswordSchema = z
  .string({ message: 'Password is required.' })
  .min(LIMITS.passwordMin, { message: `Password must be at least ${LIMITS.passwordMin} characters.` })
  .max(LIMITS.passwordMax, { message: `Password must be at most ${LIMITS.passwordMax} characters.` })
  .refine((value) => value.trim().length > 0, { message: 'Password must not be blank.' });

/**
 * A signed-in account changing its own password. The current one proves the holder of the token is
 * the account's owner (a phone left signed in must not be enough); it is checked as a sign-in is.
 */
export const changeOwnPasswordSchema = z
  .object({
    // Not trimmed, as at sign-in: spaces may be part of a password.
    currentPassword: z
      .string({ message: 'Current password is required.' })
      .min(1, { message: 'Current password is required.' })
      .max(LIMITS.passwordMax, { message: `Current password must be at most ${LIMITS.passwordMax} characters.` }),
    newPassword: newPasswordSchema,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must be different from the current one.',
  });
export type ChangeOwnPassword = z.infer<typeof changeOwnPasswordSchema>;

export const createStaffRequestSchema = z.object({
  username: newUsernameSchema,
  password: newPasswordSchema,
  role: z.enum(STAFF_ROLES, { message: 'Role must be ROLE_ADMIN or ROLE_SUPERADMIN.' }),
});
export type CreateStaffRequest = z.infer<typeof createStaffRequestSchema>;

export const staffSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: staffRoleSchema,
  /** A disabled account cannot sign in; disabling it ended its sessions. */
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;

/** PATCH /staff/{id}: any of a new role, disabled or enabled, a new password; at least one. */
export const updateStaffRequestSchema = z
  .object({
    role: z.enum(STAFF_ROLES, { message: 'Role must be ROLE_ADMIN or ROLE_SUPERADMIN.' }).optional(),
    disabled: z.boolean({ message: 'disabled must be true or false.' }).optional(),
    password: newPasswordSchema.optional(),
  })
  .refine((value) => value.role !== undefined || value.disabled !== undefined || value.password !== undefined, {
    message: 'Give a role, disabled or a new password to change.',
  });
export type UpdateStaffRequest = z.infer<typeof updateStaffRequestSchema>;
