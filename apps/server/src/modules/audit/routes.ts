import { auditActionsSchema, auditPageSchema, auditQuerySchema } from '@valence/contract';
import { errors, moduleRoutes } from '../../lib/route-options.js';

/** The audit log: superadmin only (an instructor gets 403). */
export const auditRoutes = moduleRoutes('audit', async (app, route) => {
  app.get(
    '/audit',
    route('superadmin', {
      summary:
        'Audit entries, newest first, one page (actor: account id or username; action: kind; from/to: days in the platform time zone)',
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema, ...errors(400) },
    }),
    (request) => app.audit.list(request.query),
  );

  app.get(
    '/audit/actions',
    route('superadmin', { summary: 'Every kind of audit entry written so far', response: { 200: auditActionsSchema } }),
    () => app.audit.actions(),
  );
});
