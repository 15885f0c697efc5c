import { z } from 'zod';
import { defineJob, defineSweepJob } from '../../queue/define-job.js';

/**
 * The longest a course's packs may take (a class of 2,000 takes about a minute): the attempt is
 * stopped then and the job fails with TIMED_OUT.
 */
export const JOB_TIME_LIMIT_SECONDS = 15 * 60;

/**
 * A course's report packs as one zip. One job per course at a time: 'stately' lets the queue hold at
 * most one queued and one running job per course (`singletonKey` `course-<id>`), and the service
 * answers an unfinished one instead of sending another. Not retried: a failed job is started again
 * by the tutor (or a superadmin's Retry).
 */
export const coursePacksJob = defineJob({
  name: 'reports.course-packs',
  payload: z.object({
    courseId: z.number().int().positive(),
    requestedBy: z.number().int().nullable(),
    /** The course's enrolled students when it was asked for. */
    total: z.number().int().min(0),
  }),
  retryLimit: 0,
  expireInSeconds: JOB_TIME_LIMIT_SECONDS,
  policy: 'stately',
});

/** What a finished packs job answers: its zip, until the zip expires (then `expired` says why). */
export const packResultSchema = z.object({
  fileKey: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  summary: z.string(),
  expired: z.string().optional(),
});
export type PackResult = z.infer<typeof packResultSchema>;

/** Removes zips past their 24 hours or replaced by a newer one (`ReportsService.expireOldPacks`). */
export const expirePacksJob = defineSweepJob('reports.expire-packs', {
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  // Every minute: its runs would bury the Jobs screen; a failed one stays.
  keepCompleted: false,
});

/** Every minute: a zip is kept 24 hours, give or take a minute. */
export const EXPIRE_PACKS_CRON = '* * * * *';
