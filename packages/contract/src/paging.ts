import { z } from 'zod';

/** The most rows one page may ask for: a page is what a screen shows, never a whole table. */
export const MAX_PAGE_LIMIT = 100;

const wholeNumber = (name: string, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9]\d{0,8})$/, { message: `${name} must be a whole number.` })
    .transform(Number)
    .refine((value) => value <= max, { message: `${name} must be at most ${max}.` });

/**
 * Optional paging of a list call. Without `limit` the call answers its plain array, as its first
 * version did; with it, one page and the total. `limit=0` asks for the total alone (a counter).
 */
export const pageQuerySchema = z.object({
  limit: wholeNumber('limit', MAX_PAGE_LIMIT).optional(),
  offset: wholeNumber('offset', 1_000_000_000).optional(),
  q: z.string().trim().max(200, { message: 'The search text must be at most 200 characters.' }).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; limit: number; offset: number };

/** A list call's answer: the plain array, or one page when paging was asked for. */
export const listOrPageSchema = <T extends z.ZodType>(item: T) => z.union([z.array(item), pageSchema(item)]);
