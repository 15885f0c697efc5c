import { defineSweepJob } from '../../queue/define-job.js';

/** Deletes sign-in counters past their window (`AuthService.sweepCounters`), hourly on the queue. */
export const sweepSignInCountersJob = defineSweepJob('auth.sweep-sign-in-counters', { expireInSeconds: 10 * 60 });

/** Minute 7 of every hour (UTC), apart from the other hourly sweeps. */
export const SWEEP_SIGN_IN_COUNTERS_CRON = '7 * * * *';
