import { z } from 'zod';
import { pageQuerySchema, sortSchema } from './paging.js';
import { daySchema } from './time.js';

/** One viewing of a lecture by a student: what, when, and for how many seconds. */
export const watchRecordSchema = z.object({
  id: z.number().int(),
  videoName: z.string(),
  timestamp: z.string(),
  watchedDuration: z.number(),
  /** The course of the lecture watched; null once the lecture is deleted. Answered by the staff's list only. */
  courseTitle: z.string().nullable().optional(),
});
export type WatchRecord = z.infer<typeof watchRecordSchema>;

export const WATCH_SORT_FIELDS = ['videoName', 'timestamp', 'watchedDuration'] as const;

/**
 * GET /watchtime/{username}: paging, `q` (video name contains, any case), a day range (`from` from
 * the start of its day, `to` to the last millisecond of its day, both in the platform time zone) and
 * a sort (newest first by default).
 */
export const watchTimeQuerySchema = pageQuerySchema
  .extend({
    from: daySchema('from').optional(),
    to: daySchema('to').optional(),
    sort: sortSchema(WATCH_SORT_FIELDS).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to.',
    path: ['to'],
  });
export type WatchTimeQuery = z.infer<typeof watchTimeQuerySchema>;

export const usernameParamSchema = z.object({
  username: z.string().trim().min(1, { message: 'A username is required.' }).max(100),
});

/**
 * Seconds as the portal shows a length (a lecture, a viewing, a total): hours, minutes and seconds,
 * leaving out the parts that are zero ('1h 2m 5s', '1h', '45s'); nothing at all is '0s'.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', s || seconds === 0 ? `${s}s` : ''].filter(Boolean).join(' ');
}
