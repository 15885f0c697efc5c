import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging.js';

/**
 * The gradebook: every enrolled student of a course × every exam identifier of it, with the marks
 * as the marks summary gives them (staff see every mark, published or not), and the class figures.
 */

/** The columns a gradebook may be sorted by that belong to one exam identifier. */
export const GRADEBOOK_IDENTIFIER_SORTS = ['mcq', 'partTwo', 'total', 'status'] as const;
export type GradebookIdentifierSort = (typeof GRADEBOOK_IDENTIFIER_SORTS)[number];

/** `username`, `name`, or `<column>:<examIdentifier>` (`total:CHEM_2026_T1`). */
const SORT_PATTERN = /^-?(username|name|(mcq|partTwo|total|status):[^\s:][^:]{0,99})$/;

export const GRADEBOOK_SORT_MESSAGE =
  'sort must be username, name, or mcq:, partTwo:, total: or status: followed by an exam identifier of the course (a leading - sorts descending).';

/**
 * GET /courses/{id}/gradebook: a page (`limit` 1–100, 25 when absent, `offset`), `q` (username
 * contains, any case) and a sort (`sort=-total:X`, or `dir=desc`; username ascending by default).
 */
export const gradebookQuerySchema = pageQuerySchema.extend({
  sort: z.string().trim().regex(SORT_PATTERN, { message: GRADEBOOK_SORT_MESSAGE }).optional(),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).optional(),
});
export type GradebookQuery = z.infer<typeof gradebookQuerySchema>;

/** A parsed sort: the student's username or name, or one identifier's column. */
export type GradebookSort =
  | { column: 'username' | 'name'; descending: boolean }
  | { column: GradebookIdentifierSort; identifier: string; descending: boolean };

/** `sort` and `dir` as one order; `dir` wins over a leading `-` when both are given. */
export function gradebookSortOf(sort: string | undefined, dir?: 'asc' | 'desc'): GradebookSort {
  const text = sort ?? 'username';
  const minus = text.startsWith('-');
  const descending = dir ? dir === 'desc' : minus;
  const body = minus ? text.slice(1) : text;
  if (body === 'username' || body === 'name') return { column: body, descending };
  const colon = body.indexOf(':');
  return {
    column: body.slice(0, colon) as GradebookIdentifierSort,
    identifier: body.slice(colon + 1),
    descending,
  };
}

/** The sort value of a column, as the query and the portal's address write it. */
export function gradebookSortText(sort: GradebookSort): string {
  const body = 'identifier' in sort ? `${sort.column}:${sort.identifier}` : sort.column;
  return sort.descending ? `-${body}` : body;
}

/** One exam identifier of the course: which parts it has and whether their marks are published. */
export const gradebookColumnSchema = z.object({
  examIdentifier: z.string(),
  hasMcq: z.boolean(),
  hasPartTwo: z.boolean(),
  /** The MCQ exam is published (its mark is what students see); null when there is no MCQ exam. */
  mcqPublished: z.boolean().nullable(),
  /** The PART II marks are published; null when there is no PART II exam. */
  partTwoPublished: z.boolean().nullable(),
});
export type GradebookColumn = z.infer<typeof gradebookColumnSchema>;

/**
 * One student under one identifier. `mcq` (out of 50) and `partTwo` (out of 100) are null when
 * absent (not submitted, not marked, or no exam of that type); `total` is the marks summary's
 * combined total (MCQ + half of PART II) and `status` its overall status (`Fully Graded`,
 * `Partially Graded`, `Pending`, `Not Submitted`).
 */
export const gradebookCellSchema = z.object({
  mcq: z.number().nullable(),
  partTwo: z.number().nullable(),
  total: z.number().nullable(),
  status: z.string(),
  /** A mark is shown that students cannot see yet (its exam or its marks are unpublished). */
  unpublished: z.boolean(),
});
export type GradebookCell = z.infer<typeof gradebookCellSchema>;

export const gradebookRowSchema = z.object({
  studentId: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  /**
   * One cell per column of the answer, in the columns' order (an array, not a map by identifier:
   * the portal's first bundle holds zod, and a record schema would add its code there).
   */
  cells: z.array(gradebookCellSchema),
});
export type GradebookRow = z.infer<typeof gradebookRowSchema>;

export const gradebookSchema = pageSchema(gradebookRowSchema).extend({
  columns: z.array(gradebookColumnSchema),
});
export type Gradebook = z.infer<typeof gradebookSchema>;

/** Class figures of one identifier's combined totals (null when nobody has a total yet). */
export const gradebookFiguresSchema = z.object({
  examIdentifier: z.string(),
  /** Enrolled students with a submission under the identifier. */
  sat: z.number().int(),
  /** Of them, those with a combined total (at least one part marked). */
  marked: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  /** Ten counts of combined totals: [0,10), [10,20) … [90,100] (100 falls in the last). */
  histogram: z.array(z.number().int()).length(10),
});
export type GradebookFigures = z.infer<typeof gradebookFiguresSchema>;

export const gradebookStatsSchema = z.object({
  enrolled: z.number().int(),
  identifiers: z.array(gradebookFiguresSchema),
});
export type GradebookStats = z.infer<typeof gradebookStatsSchema>;

/** The histogram's bin labels, as the screen and the workbook show them. */
export const GRADEBOOK_BINS = Array.from({ length: 10 }, (_, i) => `${i * 10}–${i === 9 ? 100 : i * 10 + 9}`);
