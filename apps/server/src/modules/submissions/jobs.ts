import { defineSweepJob } from '../../queue/define-job.js';

/**
 * Hands in the drafts whose exam is due (`SubmissionsService.sweepDueDrafts`). A deadline is judged
 * to the second and a student must not wait a cron minute for their hand-in, so every server's timer
 * sends it each DRAFT_SWEEP_MS as a singleton of that period (`app.jobs.every`): one run per period
 * across the servers. Its runs are not kept (two a minute would bury the Jobs screen); a failed
 * one is, and the next period's run tries again.
 */
export const handInDueDraftsJob = defineSweepJob('submissions.hand-in-due-drafts', {
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  keepCompleted: false,
});
