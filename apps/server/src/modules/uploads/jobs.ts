import { defineSweepJob } from '../../queue/define-job.js';

/** Removes unfinished uploads past UNFINISHED_UPLOAD_TTL_MS (`UploadsService.removeExpired`), hourly. */
export const removeExpiredUploadsJob = defineSweepJob('uploads.remove-expired', { expireInSeconds: 30 * 60 });

/** Minute 17 of every hour (UTC). */
export const REMOVE_EXPIRED_UPLOADS_CRON = '17 * * * *';
