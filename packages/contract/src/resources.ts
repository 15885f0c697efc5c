import { z } from 'zod';
import { idSchema, requiredText } from './common.js';
import { LIMITS } from './constants.js';
import { dateTimeSchema } from './time.js';

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
    duration: z.coerce
      .number({ message: RESOURCE_RULE_MESSAGES.duration })
      .min(0, { message: RESOURCE_RULE_MESSAGES.duration })
      .max(MAX_RESOURCE_SECONDS, { message: RESOURCE_RULE_MESSAGES.duration }),
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
      if (!(value.duration > 0)) {
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
