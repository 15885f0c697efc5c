import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging.js';
import { daySchema } from './time.js';

/**
 * GET /audit: a page (newest first), filtered by person (`actor`: an account id or a username),
 * kind (`action`) and a day range (`from`, `to`, whole days in the platform time zone).
 */
export const auditQuerySchema = pageQuerySchema
  .omit({ q: true })
  .extend({
    actor: z.string().trim().min(1).max(100, { message: 'actor must be at most 100 characters.' }).optional(),
    action: z.string().trim().min(1).max(100, { message: 'action must be at most 100 characters.' }).optional(),
    from: daySchema('from').optional(),
    to: daySchema('to').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to.',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One audit entry: who (id and username), what, when, and the details as they were written. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorUsername: z.string(),
  action: z.string(),
  target: z.string(),
  /** The entry's `before` and `after` where it recorded them (a grade), else null. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** Everything else the entry recorded (a deleted row, a title, counts), as written. */
  details: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /audit/actions: every kind written so far, for the filter. */
export const auditActionsSchema = z.array(z.string());
