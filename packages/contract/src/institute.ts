import { z } from 'zod';
import { isBlank } from './common.js';

/** How long each of the institute's details may be: they head a PDF page, so they stay short. */
export const INSTITUTE_LIMITS = {
  nameMax: 120,
  addressMax: 300,
  contactMax: 200,
  phoneMax: 30,
  emailMax: 254,
  /** Instagram's and Facebook's own limits on an account's name. */
  accountMax: 50,
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
  /** What the public Contact page shows (see `instituteContactSchema`); each may be empty. */
  phone: z.string(),
  email: z.string(),
  instagram: z.string(),
  facebook: z.string(),
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

/** Optional text that, when given, must match `pattern`. */
const optionalMatching = (label: string, max: number, pattern: RegExp, message: string) =>
  optionalText(label, max).refine((value) => value === '' || pattern.test(value), { message });

/** An Instagram or Facebook account by its name; a leading `@` is dropped. */
const accountName = (label: string) =>
  optionalText(label, INSTITUTE_LIMITS.accountMax)
    .transform((value) => value.replace(/^@/, ''))
    .refine((value) => value === '' || /^[A-Za-z0-9._]+$/.test(value), {
      message: `${label} must be the account's name (letters, digits, . and _), not a link.`,
    });

/**
 * The superadmin's edit of the details (the logo has its own call). The Contact page's fields may be
 * left out, and are then kept as they are (a caller that predates them does not clear them).
 */
export const instituteSettingsUpdateSchema = z.object({
  name: optionalText('The institute name', INSTITUTE_LIMITS.nameMax),
  address: optionalText('The address', INSTITUTE_LIMITS.addressMax),
  contact: optionalText('The contact details', INSTITUTE_LIMITS.contactMax),
  phone: optionalMatching(
    'The phone number',
    INSTITUTE_LIMITS.phoneMax,
    /^\+?[0-9][0-9 ()-]{5,}$/,
    'The phone number must be digits, spaces and dashes with an optional + first, like +94 77 123 4567.',
  ).optional(),
  email: optionalMatching(
    'The e-mail address',
    INSTITUTE_LIMITS.emailMax,
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    'The e-mail address must look like name@example.com.',
  ).optional(),
  instagram: accountName('The Instagram account').optional(),
  facebook: accountName('The Facebook account').optional(),
});
export type InstituteSettingsUpdate = z.infer<typeof instituteSettingsUpdateSchema>;

/**
 * GET /settings/contact (public): the institute's contact details for the Contact page, each empty
 * when not set (the page shows only those set).
 */
export const instituteContactSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  instagram: z.string(),
  facebook: z.string(),
});
export type InstituteContact = z.infer<typeof instituteContactSchema>;
