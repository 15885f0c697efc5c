import { modulePlugin, repeatWhileOpen } from '../../lib/module-plugin.js';
import { ReportsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsService;
  }
}

export const reportsPlugin = modulePlugin(
  'reports',
  (app) => {
    const reports = new ReportsService(app);
    app.addHook('onReady', () => reports.failAbandoned(true));
    app.addHook('onClose', () => reports.close());
    repeatWhileOpen(app, 60_000, () => reports.failAbandoned(false), 'could not fail abandoned report jobs');
    return reports;
  },
  { dependencies: ['courses', 'settings'], decorators: ['db', 'storage', 'config', 'databaseKind'] },
);
