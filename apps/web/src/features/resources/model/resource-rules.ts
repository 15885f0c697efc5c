import {
  createResourceSchema,
  isYoutubeUrl,
  LIMITS,
  MAX_RESOURCE_BYTES,
  MAX_RESOURCE_SECONDS,
  RESOURCE_RULE_MESSAGES,
} from '@valence/contract';
import type { z } from 'zod';
import { isVideo } from './video-length';

const longest = `${Math.floor(MAX_RESOURCE_SECONDS / 3600)} hours, ${Math.floor((MAX_RESOURCE_SECONDS % 3600) / 60)} minutes and ${MAX_RESOURCE_SECONDS % 60} seconds`;
const validDuration = RESOURCE_RULE_MESSAGES.duration.replace(/\.$/, '');

/** The form's own texts, each shown under the field it is about; the dates' sentence is the server's too. */
export const RESOURCE_MESSAGES = {
  nothing: 'Choose a file or enter a YouTube link.',
  both: 'Add a file or a YouTube link, not both: remove one of them.',
  dates: RESOURCE_RULE_MESSAGES.dates,
  size: 'File size exceeds the 5 GB limit.',
  notYoutube: 'This is not a YouTube link: only YouTube links can be added.',
  linkLength: `The link must be at most ${LIMITS.urlMax} characters.`,
  hours: 'Hours must be a whole number, 0 or more.',
  minutes: 'Minutes must be a whole number from 0 to 59.',
  seconds: 'Seconds must be a whole number from 0 to 59.',
  noLength: `${validDuration}: the video must be longer than 0 seconds.`,
  tooLong: `${validDuration}: at most ${longest}.`,
  unreadLength: "We could not read this video's length here: the server measures it after the upload. You may type it.",
} as const;

export type ResourceFormValues = {
  file: File | null;
  link: string;
  name: string;
  liveAt: string;
  recordingAt: string;
  expiresAt: string;
  hours: number | string;
  minutes: number | string;
  seconds: number | string;
};

export const EMPTY_RESOURCE: ResourceFormValues = {
  file: null,
  link: '',
  name: '',
  liveAt: '',
  recordingAt: '',
  expiresAt: '',
  hours: 0,
  minutes: 0,
  seconds: 0,
};

const asNumber = (value: number | string) => (typeof value === 'number' ? value : Number(value || 0));

type LengthParts = Pick<ResourceFormValues, 'hours' | 'minutes' | 'seconds'>;

/** Seconds from the h/m/s inputs, or null when a part is out of range or the total is not positive. */
export function linkDuration({ hours, minutes, seconds }: LengthParts) {
  const [h, m, s] = [asNumber(hours), asNumber(minutes), asNumber(seconds)];
  if (![h, m, s].every(Number.isInteger) || h < 0 || m < 0 || m > 59 || s < 0 || s > 59) return null;
  const total = h * 3600 + m * 60 + s;
  return total > 0 ? total : null;
}

/** The name sent: what the user typed, else the file's name or the link. */
export const resourceName = (typed: string | undefined, fallback: string) => typed?.trim() || fallback;

const contract = createResourceSchema.shape;

/** The contract's first message for a value, in the words the server would answer with; null when it passes. */
const refusal = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message ?? undefined;

export type ResourceField =
  | 'file'
  | 'link'
  | 'name'
  | 'liveAt'
  | 'recordingAt'
  | 'expiresAt'
  | 'hours'
  | 'minutes'
  | 'seconds'
  | 'duration';
export type ResourceFormErrors = Partial<Record<ResourceField, string>>;

/** What the browser made of a chosen video's length: 'unread' means the tutor must type it. */
export type VideoLengthState = 'reading' | 'read' | 'unread';

export type ErrorsWhen = {
  /** Once a submit was tried, what is missing is said too; before it, only what is wrong. */
  submitted: boolean;
  /** A link is called foreign once the field is left, not while it is being typed. */
  linkLeft?: boolean;
  videoLength?: VideoLengthState;
};

type CheckedValues = Pick<
  ResourceFormValues,
  'file' | 'link' | 'liveAt' | 'recordingAt' | 'hours' | 'minutes' | 'seconds'
> &
  Partial<Pick<ResourceFormValues, 'name' | 'expiresAt'>>;

/** Whether the length is typed: a link's always, a video's when the browser could not read it. */
export function lengthIsTyped(values: Pick<ResourceFormValues, 'file' | 'link'>, videoLength?: VideoLengthState) {
  if (values.file) return isVideo(values.file) && videoLength === 'unread';
  return values.link.trim() !== '';
}

function lengthErrors(parts: LengthParts, submitted: boolean): ResourceFormErrors {
  const [h, m, s] = [asNumber(parts.hours), asNumber(parts.minutes), asNumber(parts.seconds)];
  const errors: ResourceFormErrors = {};
  if (!(Number.isInteger(h) && h >= 0)) errors.hours = RESOURCE_MESSAGES.hours;
  if (!(Number.isInteger(m) && m >= 0 && m <= 59)) errors.minutes = RESOURCE_MESSAGES.minutes;
  if (!(Number.isInteger(s) && s >= 0 && s <= 59)) errors.seconds = RESOURCE_MESSAGES.seconds;
  if (Object.keys(errors).length > 0) return errors;
  const total = h * 3600 + m * 60 + s;
  if (total > MAX_RESOURCE_SECONDS) return { duration: RESOURCE_MESSAGES.tooLong };
  if (total === 0 && submitted) return { duration: RESOURCE_MESSAGES.noLength };
  return {};
}

/**
 * What is wrong with the form, by field, so each sentence shows where it applies and as soon as it
 * is known: a file too large when chosen, a file and a link together, a minute or second past 59
 * while typed. What is missing (a file or link, a date, a length) is said once a submit was tried.
 * The rest are the contract's checks (dates, name length), so nothing is uploaded that the server
 * would refuse. Empty: the form may be sent.
 */
export function resourceFormErrors(values: CheckedValues, when: ErrorsWhen): ResourceFormErrors {
  const { submitted } = when;
  const link = values.link.trim();
  const errors: ResourceFormErrors = {};
  if (values.file && values.file.size > MAX_RESOURCE_BYTES) errors.file = RESOURCE_MESSAGES.size;
  if (!values.file && !link && submitted) errors.file = RESOURCE_MESSAGES.nothing;
  if (values.file && link) errors.link = RESOURCE_MESSAGES.both;
  else if (link && !isYoutubeUrl(link) && (submitted || when.linkLeft)) errors.link = RESOURCE_MESSAGES.notYoutube;
  else if (link.length > LIMITS.urlMax) errors.link = RESOURCE_MESSAGES.linkLength;

  for (const field of ['liveAt', 'recordingAt'] as const) {
    const value = values[field].trim();
    const problem = value ? refusal(contract[field], value) : submitted ? RESOURCE_MESSAGES.dates : undefined;
    if (problem) errors[field] = problem;
  }
  if (values.expiresAt?.trim()) {
    const problem = refusal(contract.expiresAt, values.expiresAt);
    if (problem) errors.expiresAt = problem;
  }

  const named = values.file?.name ?? link;
  if (named) {
    const problem = refusal(contract.name, resourceName(values.name, named));
    if (problem) errors.name = problem;
  }
  // A link's length is required; a video's the browser could not read may stay empty (the server measures it).
  if (lengthIsTyped(values, when.videoLength)) Object.assign(errors, lengthErrors(values, submitted && !values.file));
  return errors;
}
