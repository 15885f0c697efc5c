import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging.js';

/**
 * A job's state on the queue, as the Jobs screen names it: waiting to run (`queued`), waiting to be
 * tried again after a failure (`retry`), `running`, `completed`, `failed` (no attempt left) or
 * `cancelled`.
 */
export const JOB_STATES = ['queued', 'retry', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** GET /jobs: a page, newest first, filtered by state and by the job's name. */
export const jobsQuerySchema = pageQuerySchema.omit({ q: true }).extend({
  state: z.enum(JOB_STATES, { message: `state must be one of: ${JOB_STATES.join(', ')}.` }).optional(),
  name: z.string().trim().min(1).max(100, { message: 'name must be at most 100 characters.' }).optional(),
});
export type JobsQuery = z.infer<typeof jobsQuerySchema>;

export const jobIdParamSchema = z.object({
  id: z.uuid({ message: 'The job id must be a UUID.' }),
});

/** How far a running job has got, as its worker last said. */
export const jobProgressSchema = z.object({
  done: z.number(),
  total: z.number().nullable(),
  note: z.string().nullable(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** One job on the queue. */
export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  progress: jobProgressSchema.nullable(),
  /** Attempts started so far, and how many retries after the first it may have. */
  attempts: z.number().int(),
  retryLimit: z.number().int(),
  createdOn: z.string(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
  /** Why the last attempt failed (failed, or waiting to retry); else null. */
  failureReason: z.string().nullable(),
  /** The result's summary once completed (its `summary`, or the result as JSON, cut short); else null. */
  resultSummary: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobsPageSchema = pageSchema(jobSchema);
export type JobsPage = z.infer<typeof jobsPageSchema>;
