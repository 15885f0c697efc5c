import { z } from 'zod';
import { idSchema } from './common.js';

export const REPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportJobStatus = (typeof REPORT_JOB_STATUSES)[number];

export const reportJobIdParamSchema = z.object({ jobId: idSchema('jobId') });

/** A course's report packs being made on the server, polled until `downloadUrl` appears. */
export const reportJobSchema = z.object({
  id: z.number(),
  courseId: z.number(),
  status: z.enum(REPORT_JOB_STATUSES),
  /** Students whose pack is made so far, of `total` (the course's enrolled students when it started). */
  done: z.number(),
  total: z.number(),
  /** Why the job failed; null unless `status` is 'failed'. */
  error: z.string().nullable(),
  /** A short-lived signed link to the zip once `status` is 'done', else null. */
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportJob = z.infer<typeof reportJobSchema>;
