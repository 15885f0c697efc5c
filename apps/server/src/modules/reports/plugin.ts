import { modulePlugin } from '../../lib/module-plugin.js';
import { coursePacksJob, EXPIRE_PACKS_CRON, expirePacksJob } from './jobs.js';
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
    // Two courses' packs at once on a server; each draws on the one PDF thread in turn.
    void app.jobs.work(coursePacksJob, (payload, job) => reports.makeCoursePacks(payload, job), { concurrency: 2 });
    void app.jobs.work(expirePacksJob, async () => ({ summary: `${await reports.expireOldPacks()} zip(s) expired` }));
    app.jobs.schedule(expirePacksJob, EXPIRE_PACKS_CRON);
    return reports;
  },
  { dependencies: ['courses', 'settings'], decorators: ['db', 'storage', 'config', 'databaseKind', 'jobs'] },
);
