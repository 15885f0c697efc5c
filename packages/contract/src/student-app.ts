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

/** Seconds a heartbeat may report beyond the wall-clock time since the viewing's last one (timer jitter). */
export const HEARTBEAT_SLACK_SECONDS = 3;

/**
 * Seconds of playing a viewing's first beat may report (plus the slack): it has no earlier beat to
 * measure from, and the app beats about every 10 seconds while playing, so 30 covers a slow network.
 */
export const HEARTBEAT_FIRST_BEAT_SECONDS = 30;

/** How far past the lecture's end a segment or position may reach: players report the last frame loosely. */
export const HEARTBEAT_END_TOLERANCE_SECONDS = 1;

const seconds = (name: string) =>
  z
    .number({ message: `${name} must be a number of seconds.` })
    .finite({ message: `${name} must be a number of seconds.` })
    .min(0, { message: `${name} must be 0 seconds or more.` });

/**
 * POST /me/lectures/{id}/heartbeat: the parts of the lecture played since the last beat, as
 * [from, to] seconds of the lecture, and where playback stands. `viewingKey` is made by the app when
 * a viewing starts; every beat of that viewing carries it. `token` is the session token, for the
 * beat sent as the page closes (`navigator.sendBeacon` cannot set an Authorization header).
 */
export const heartbeatSchema = z.object({
  viewingKey: z.uuid({ message: 'viewingKey must be a UUID.' }),
  segments: z
    .array(z.tuple([seconds('A segment start'), seconds('A segment end')]))
    .max(200, { message: 'Too many segments in one heartbeat.' }),
  position: seconds('position'),
  token: z.string().max(4096).optional(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/** The viewing after a heartbeat: the seconds played so far, each part counted once. */
export const heartbeatAnswerSchema = z.object({ watchedDuration: z.number() });
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswerSchema>;

/** GET /me/lectures/{id}/resume: where the student's latest viewing of the lecture stopped. */
export const resumePointSchema = z.object({ position: z.number().nullable() });
export type ResumePoint = z.infer<typeof resumePointSchema>;
