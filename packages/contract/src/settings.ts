import { z } from 'zod';
import { zoneOffsetsSchema } from './time.js';

/** Platform settings the portal needs before anyone signs in. */
export const settingsSchema = z.object({
  timeZone: z.string(),
  maxResourceBytes: z.number(),
  /** The platform zone's offsets from twenty years back to twenty ahead, so pages read its clocks without Intl. */
  zoneOffsets: zoneOffsetsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;
