import { createResourceSchema, isYoutubeUrl, MAX_RESOURCE_BYTES } from '@valence/contract';
import type { z } from 'zod';

/** The form's own texts where the contract words a rule otherwise (a link, the dates) or does not hold (the size). */
export const RESOURCE_MESSAGES = {
  dates: 'Please provide both liveAt and recordingAt dates.',
  size: 'File size exceeds the 5 GB limit.',
  notYoutube: 'Please provide a YouTube link.',
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

/** Seconds from the h/m/s inputs, or null when a part is out of range or the total is not positive. */
export function linkDuration({ hours, minutes, seconds }: Pick<ResourceFormValues, 'hours' | 'minutes' | 'seconds'>) {
  const [h, m, s] = [asNumber(hours), asNumber(minutes), asNumber(seconds)];
  if (![h, m, s].every(Number.isInteger) || h < 0 || m < 0 || m > 59 || s < 0 || s > 59) return null;
  const total = h * 3600 + m * 60 + s;
  return total > 0 ? total : null;
}

/** The name sent: what the user typed, else the file's name or the link. */
export const resourceName = (typed: string | undefined, fallback: string) => typed?.trim() || fallback;

const contract = createResourceSchema.shape;

/** The contract's first message for a value, in the words the server would answer with; null when it passes. */
const refusal = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message ?? null;

type CheckedValues = Pick<
  ResourceFormValues,
  'file' | 'link' | 'liveAt' | 'recordingAt' | 'hours' | 'minutes' | 'seconds'
> &
  Partial<Pick<ResourceFormValues, 'name' | 'expiresAt'>>;

/** The contract's date check for each date filled in, naming the field, so no upload starts for a date the server refuses. */
const dateRefusal = ({ liveAt, recordingAt, expiresAt }: CheckedValues) =>
  refusal(contract.liveAt, liveAt) ??
  refusal(contract.recordingAt, recordingAt) ??
  (expiresAt ? refusal(contract.expiresAt, expiresAt) : null);

/**
 * The form's checks, in a fixed order: nothing happens without a file or link ('skip'); both dates are
 * required, and each date given must be one the contract takes; a link must be YouTube's and needs a positive duration; a file must fit in 5 GB. Then
 * the contract's own limits (name and link length, longest duration), so nothing is uploaded that
 * the server would refuse. One message at a time, in this order on purpose (the screen's), so these
 * are not a zod schema's per-field errors.
 */
export function validateResourceForm(values: CheckedValues): string | 'skip' | null {
  const link = values.link.trim();
  if (!values.file && !link) return 'skip';
  if (!values.liveAt || !values.recordingAt) return RESOURCE_MESSAGES.dates;
  const dates = dateRefusal(values);
  if (dates) return dates;
  if (values.file) {
    if (values.file.size > MAX_RESOURCE_BYTES) return RESOURCE_MESSAGES.size;
    return refusal(contract.name, resourceName(values.name, values.file.name));
  }
  if (!isYoutubeUrl(link)) return RESOURCE_MESSAGES.notYoutube;
  // A length the inputs cannot make (70 minutes, or none at all) is NaN: the contract refuses it in its words.
  return (
    refusal(contract.duration, linkDuration(values) ?? Number.NaN) ??
    refusal(contract.url, link) ??
    refusal(contract.name, resourceName(values.name, link))
  );
}
