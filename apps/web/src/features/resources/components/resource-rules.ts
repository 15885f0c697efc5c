import { isYoutubeUrl, MAX_RESOURCE_BYTES } from '@valence/contract';

export const RESOURCE_MESSAGES = {
  dates: 'Please provide both liveAt and recordingAt dates.',
  duration: 'Please provide a valid duration.',
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

/**
 * Spec section 5, in order: nothing happens without a file or link ('skip'); both dates are
 * required; a link must be YouTube's and needs a positive duration; a file must fit in 5 GB. The
 * rules come in this order on purpose (the spec's), so they are not a zod schema's field errors.
 */
export function validateResourceForm(
  values: Pick<ResourceFormValues, 'file' | 'link' | 'liveAt' | 'recordingAt' | 'hours' | 'minutes' | 'seconds'>,
): string | 'skip' | null {
  const link = values.link.trim();
  if (!values.file && !link) return 'skip';
  if (!values.liveAt || !values.recordingAt) return RESOURCE_MESSAGES.dates;
  if (!values.file) {
    if (!isYoutubeUrl(link)) return RESOURCE_MESSAGES.notYoutube;
    if (linkDuration(values) === null) return RESOURCE_MESSAGES.duration;
    return null;
  }
  if (values.file.size > MAX_RESOURCE_BYTES) return RESOURCE_MESSAGES.size;
  return null;
}
