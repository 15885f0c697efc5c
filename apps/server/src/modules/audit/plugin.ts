import { modulePlugin } from '../../lib/module-plugin.js';
import { AuditService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
  }
}

/** The audit log read back for the superadmin (it is written by each module through `lib/audit`). */
export const auditPlugin = modulePlugin('audit', (app) => new AuditService(app), { decorators: ['db', 'config'] });
