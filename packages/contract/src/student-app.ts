import { z } from 'zod';
import { idSchema } from './common.js';

/** Seconds a student may report beyond a lecture's length: players overshoot at the end and on seeks. */
export const WATCH_MARGIN_SECONDS = 60;

/** POST /watchtime from the students' app: one sitting of one lecture. */
export const recordWatchSchema = z.object({
  resourceId: idSchema('resourceId'),
  watchedDuration: z
    .number({ message: 'watchedDuration must be a number of seconds.' })
    .finite({ message: 'watchedDuration must be a number of seconds.' })
    .positive({ message: 'watchedDuration must be more than 0 seconds.' }),
});
export type RecordWatch = z.infer<typeof recordWatchSchema>;
