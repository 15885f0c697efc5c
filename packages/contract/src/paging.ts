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
 * A search's text, trimmed and in NFC as stored text is: a Tamil ொ or a Sinhala ො typed as two keys
 * still finds the one stored.
 */
export const searchTextSchema = z
  .string()
  .trim()
  .normalize('NFC')
  .max(200, { message: 'The search text must be at most 200 characters.' });

/**
 * Optional paging of a list call. Without `limit` the call answers its plain array, as its first
 * version did; with it, one page and the total. `limit=0` asks for the total alone (a counter).
 */
export const pageQuerySchema = z.object({
  limit: wholeNumber('limit', MAX_PAGE_LIMIT).optional(),
  offset: wholeNumber('offset', 1_000_000_000).optional(),
  q: searchTextSchema.optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * Searches of a list that grows with the class (an exam's scripts) count their matches only as far
 * as the next multiple of this past the page's end: the pages up to there are exact, and beyond it
 * the answer says "more than `total`" (`totalCapped`) instead of reading every row to say how many.
 */
export const SEARCH_COUNT_STEP = 100;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    /** Present (true) when counting stopped at `total`: more rows than that match. */
    totalCapped: z.literal(true).optional(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; totalCapped?: true; limit: number; offset: number };

/** A list call's answer: the plain array, or one page when paging was asked for. */
export const listOrPageSchema = <T extends z.ZodType>(item: T) => z.union([z.array(item), pageSchema(item)]);

/**
 * A `sort` parameter over the given fields: `field` ascending, `-field` descending. Each list names
 * its own fields, so an unknown one is refused with the list of those it takes.
 */
export const sortSchema = <const F extends readonly [string, ...string[]]>(fields: F) => {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.enum(values, { message: `sort must be one of: ${values.join(', ')}.` }) as unknown as z.ZodType<
    F[number] | `-${F[number]}`
  >;
};

/** The field and direction of a parsed `sort` value. */
export function sortOf<F extends string>(sort: F | `-${F}`): { field: F; descending: boolean } {
  return sort.startsWith('-')
    ? { field: sort.slice(1) as F, descending: true }
    : { field: sort as F, descending: false };
}
