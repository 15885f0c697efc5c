import { z } from 'zod';

/** Platform settings the portal needs before anyone signs in. */
export const settingsSchema = z.object({
  timeZone: z.string(),
  maxResourceBytes: z.number(),
});
export type Settings = z.infer<typeof settingsSchema>;
