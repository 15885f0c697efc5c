import { z } from 'zod';
import { isBlank } from './common.js';

/** How long each of the institute's details may be: they head a PDF page, so they stay short. */
export const INSTITUTE_LIMITS = {
  nameMax: 120,
  addressMax: 300,
  contactMax: 200,
  /** The logo is drawn a few centimetres wide: a megabyte is plenty for that. */
  logoMaxBytes: 1024 * 1024,
} as const;

/** The logo's kinds, told by the file's first bytes (not its name). */
export const INSTITUTE_LOGO_KINDS = ['png', 'jpg'] as const;

/** The institute's details as every signed-in staff member reads them (the PDFs are headed with them). */
export const instituteSettingsSchema = z.object({
  name: z.string(),
  address: z.string(),
  contact: z.string(),
  /** A short-lived signed link to the logo, or null when none is set. */
  logoUrl: z.string().nullable(),
  /** 'png' or 'jpeg' (what a PDF writer needs to embed it), or null without a logo. */
  logoType: z.enum(['png', 'jpeg']).nullable(),
  updatedAt: z.string(),
});
export type InstituteSettings = z.infer<typeof instituteSettingsSchema>;

/** Optional text: trimmed, may be empty, at most `max` characters, never a NUL. */
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .transform((value) => (isBlank(value) ? '' : value))
    .refine((value) => !value.includes('\0'), { message: `${label} must not contain a NUL character.` })
    .refine((value) => value.length <= max, { message: `${label} must be at most ${max} characters.` });

/** The superadmin's edit of the details (the logo has its own call). */
export const instituteSettingsUpdateSchema = z.object({
  name: optionalText('The institute name', INSTITUTE_LIMITS.nameMax),
  address: optionalText('The address', INSTITUTE_LIMITS.addressMax),
  contact: optionalText('The contact details', INSTITUTE_LIMITS.contactMax),
});
export type InstituteSettingsUpdate = z.infer<typeof instituteSettingsUpdateSchema>;
