import { z } from 'zod';

export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Ids are PostgreSQL `serial`s: 1 … 2^31 − 1. */
export const MAX_ID = 2_147_483_647;

/**
 * An id: a JSON whole number, or its plain decimal text (path parameters arrive as text). Only the
 * canonical spelling counts: `1e3`, `0x10`, `+2`, ` 1` or `012` are not ids.
 */
export const idSchema = (name = 'The id') => {
  const message = `${name} must be a whole number from 1 to ${MAX_ID}.`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/)
          .transform(Number),
      ],
      { message },
    )
    .refine((value) => Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID, { message });
};

export const idParamSchema = z.object({ id: idSchema() });

/**
 * Characters that print nothing: white space, zero-width space/joiners, word joiner, BOM, soft
 * hyphen, Mongolian vowel separator. Text made only of them is blank. Inside text they are kept
 * (Sinhala conjuncts need the zero-width joiner).
 */
const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF\u00AD\u180E]/gu;

export const isBlank = (value: string): boolean => value.replace(INVISIBLE, '') === '';

/**
 * Trimmed text, required and not blank, at most `max` characters, never a NUL (no database stores
 * one). NFC: a vowel sign typed as two keys is stored as the one letter, so a search finds it
 * whichever way it was typed.
 */
export const requiredText = (options: { label: string; max: number; required?: string }) => {
  const required = options.required ?? `${options.label} is required.`;
  return z
    .string({ message: required })
    .trim()
    .normalize('NFC')
    .refine((value) => !isBlank(value), { message: required, abort: true })
    .refine((value) => !value.includes('\0'), { message: `${options.label} must not contain a NUL character.` })
    .refine((value) => value.length <= options.max, {
      message: `${options.label} must be at most ${options.max} characters.`,
    });
};
