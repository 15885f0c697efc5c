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
    repeatWhileOpen(
      app,
      60_000,
      async () => {
        await reports.failAbandoned(false);
        await reports.expireOldPacks();
      },
      'could not fail abandoned report jobs or expire old zips',
    );
    return reports;
  },
  { dependencies: ['courses', 'settings'], decorators: ['db', 'storage', 'config', 'databaseKind'] },
);
