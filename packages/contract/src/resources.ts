import { z } from 'zod';
import { idSchema, requiredText } from './common.js';
import { LIMITS } from './constants.js';
import { dateTimeSchema } from './time.js';

/** Where an uploaded video's streaming versions (HLS) stand; `none` for anything else or without ffmpeg. */
export const STREAM_STATES = ['queued', 'processing', 'ready', 'failed', 'none'] as const;
export type StreamState = (typeof STREAM_STATES)[number];

/** The heights of the HLS ladder, lowest first; none above the source's height is made. */
export const STREAM_HEIGHTS = [360, 540, 720] as const;

/** What the course page says of a video when the server has no ffmpeg. */
export const STREAMING_NEEDS_FFMPEG = 'Streaming versions need ffmpeg (see README)';

export const videoStreamSchema = z.object({
  state: z.enum(STREAM_STATES),
  /** 0 to 1 while processing. */
  progress: z.number(),
  /** The heights made, lowest first (only when ready). */
  renditions: z.array(z.number().int()),
  /** Why a transcode failed, or why there is none (no ffmpeg); null otherwise. */
  reason: z.string().nullable(),
});
export type VideoStream = z.infer<typeof videoStreamSchema>;

export const resourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A short-lived signed download link for stored files; the link itself for YouTube links. */
  url: z.string(),
  type: z.string(),
  courseId: z.number().int(),
  duration: z.number(),
  liveAt: z.string(),
  recordingAt: z.string(),
  expiresAt: z.string().nullable(),
  /** An uploaded video's streaming versions (staff's course page); absent for anything else. */
  stream: videoStreamSchema.optional(),
  /**
   * For a student: the signed, short-lived address of a ready video's HLS master playlist (every
   * playlist and segment under it is checked again); absent until its streaming versions are ready.
   */
  hlsUrl: z.string().optional(),
  /** For a student: a signed link to a ready video's poster image. */
  posterUrl: z.string().optional(),
  /**
   * For a student's video: what the player prints over it, moving (their username, and their name
   * when set). A deterrent against sharing an account or recording the screen, not a protection.
   */
  watermark: z.string().optional(),
  /**
   * For a student: the seconds of this lecture they have played, each part counted once however
   * often watched (at most its length); the course list shows it as a percentage, "Watched" from 90 %.
   */
  watchedSeconds: z.number().optional(),
});
export type Resource = z.infer<typeof resourceSchema>;

/**
 * A lecture of a student's course that is not live yet, as the students' app lists what is coming.
 * It carries no link: a link handed out before the lecture's time would let it be watched early.
 */
export const upcomingLectureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  duration: z.number(),
  liveAt: z.string(),
});
export type UpcomingLecture = z.infer<typeof upcomingLectureSchema>;

const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'music.youtube.com'];

export function isYoutubeUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && YOUTUBE_HOSTS.includes(url.hostname);
  } catch {
    return false;
  }
}

/** What a resource's form and the server answer alike; the portal's form adds its own (`resource-rules.ts`). */
export const RESOURCE_RULE_MESSAGES = {
  dates: 'Please provide both Live At and Recording At dates.',
  duration: 'Please provide a valid duration.',
} as const;

/** Object keys our upload endpoint issues: resources/<unique prefix>-<name>. */
export const RESOURCE_KEY_PATTERN = /^resources\/[0-9a-f-]{36}-[^/\\]+$/;

/** The longest lecture the platform takes: 277 h 46 min 40 s. */
export const MAX_RESOURCE_SECONDS = 1_000_000;

export const createResourceSchema = z
  .object({
    name: requiredText({ label: 'Resource name', max: LIMITS.resourceNameMax }),
    url: requiredText({ label: 'url', max: LIMITS.urlMax }),
    type: requiredText({ label: 'type', max: 255 }),
    courseId: idSchema('courseId'),
    // May be left out for an uploaded file: the server measures a video's length itself (ffprobe).
    duration: z.coerce
      .number({ message: RESOURCE_RULE_MESSAGES.duration })
      .min(0, { message: RESOURCE_RULE_MESSAGES.duration })
      .max(MAX_RESOURCE_SECONDS, { message: RESOURCE_RULE_MESSAGES.duration })
      .optional(),
    // Named by the form's labels: the server's sentence is shown to the tutor as it is.
    liveAt: dateTimeSchema('Live At', { required: RESOURCE_RULE_MESSAGES.dates }),
    recordingAt: dateTimeSchema('Recording At', { required: RESOURCE_RULE_MESSAGES.dates }),
    expiresAt: dateTimeSchema('Expires At').nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'link') {
      if (!isYoutubeUrl(value.url)) {
        ctx.addIssue({ code: 'custom', path: ['url'], message: 'A link must be a YouTube URL.' });
      }
      if (!(value.duration !== undefined && value.duration > 0)) {
        ctx.addIssue({ code: 'custom', path: ['duration'], message: RESOURCE_RULE_MESSAGES.duration });
      }
    } else if (!RESOURCE_KEY_PATTERN.test(value.url) && !/^https?:\/\//i.test(value.url)) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'url must be an http(s) link or a file key issued by the upload endpoint.',
      });
    }
  });
export type CreateResource = z.input<typeof createResourceSchema>;

/** The speeds the students' player offers; watch time counts lecture seconds whatever the speed. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** The fastest a lecture may play: the server allows a beat this many lecture seconds per second. */
export const MAX_PLAYBACK_RATE = 2;
