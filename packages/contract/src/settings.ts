import { z } from 'zod';

/** Platform settings the portal needs before anyone signs in. */
export const settingsSchema = z.object({
  timeZone: z.string(),
  maxResourceBytes: z.number(),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * 'YYYY-MM-DD HH:mm' of an instant in a time zone: times are stored in UTC and shown in the
 * platform's zone (DESIGN §4), whatever zone the browser is in.
 */
export function formatInTimeZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
