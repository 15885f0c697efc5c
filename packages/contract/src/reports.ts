import { z } from 'zod';

/** 'expired': the zip was made, then removed (kept 24 hours, and only the newest of a course). */
export const REPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ReportJobStatus = (typeof REPORT_JOB_STATUSES)[number];

/** A report packs job is a job on the server's queue: its id is the queue's (a UUID). */
export const reportJobIdParamSchema = z.object({ jobId: z.uuid({ message: 'jobId must be a job id (a UUID).' }) });

/** A course's report packs being made on the server, polled until `downloadUrl` appears. */
export const reportJobSchema = z.object({
  id: z.string(),
  courseId: z.number(),
  status: z.enum(REPORT_JOB_STATUSES),
  /** Students whose pack is made so far, of `total` (the course's enrolled students when it started). */
  done: z.number(),
  total: z.number(),
  /** Why there is no zip: why the job failed, or why its zip was removed; null unless 'failed' or 'expired'. */
  error: z.string().nullable(),
  /** A short-lived signed link to the zip once `status` is 'done', else null. */
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportJob = z.infer<typeof reportJobSchema>;
