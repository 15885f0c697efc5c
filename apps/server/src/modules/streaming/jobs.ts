import { z } from 'zod';
import { defineJob } from '../../queue/define-job.js';

/**
 * One uploaded video's transcode to HLS. A failure ffmpeg explains (a file that is not a video) is
 * written on the stream and not retried; an attempt cut short (the server stopping) is retried, so a
 * transcode survives a restart. One queued and one running per video (`stately`, keyed by resource).
 */
export const transcodeJob = defineJob({
  name: 'streaming.transcode',
  payload: z.object({ resourceId: z.number().int().positive() }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  // A three-hour lecture at a modest speed, with room: one attempt's time limit.
  expireInSeconds: 8 * 3600,
  policy: 'stately',
});

export const transcodeKey = (resourceId: number) => `resource-${resourceId}`;
