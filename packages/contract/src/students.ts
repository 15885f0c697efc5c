import { z } from 'zod';
import { newPasswordSchema, newUsernameSchema } from './auth.js';

export const studentSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  loggedIn: z.boolean(),
});
export type Student = z.infer<typeof studentSchema>;

export const studentSignupRequestSchema = z.object({
  username: newUsernameSchema,
  password: newPasswordSchema,
});
export type StudentSignupRequest = z.infer<typeof studentSignupRequestSchema>;

/** The spec's label rule for dropdowns: username, else name, else 'ID: {id}'. */
export function studentLabel(student: Pick<Student, 'id' | 'username' | 'name'>): string {
  if (student.username) return student.username;
  if (student.name) return student.name;
  return `ID: ${student.id}`;
}
