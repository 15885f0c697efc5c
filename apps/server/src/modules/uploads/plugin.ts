import { modulePlugin } from '../../lib/module-plugin.js';
import { REMOVE_EXPIRED_UPLOADS_CRON, removeExpiredUploadsJob } from './jobs.js';
import { UNFINISHED_UPLOAD_TTL_MS, UploadsService } from './uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService;
  }
}

/** `app.uploads`: the tus endpoint's store and server, and the hourly sweep of abandoned uploads (a job on the queue). */
export const uploadsPlugin = modulePlugin(
  'uploads',
  async (app) => {
    const store = await app.storage.createUploadStore({ expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS });
    const uploads = new UploadsService(app, store);
    void app.jobs.work(removeExpiredUploadsJob, async () => {
      const count = await uploads.removeExpired();
      if (count > 0) app.log.info(`removed ${count} expired unfinished upload(s)`);
      return { summary: `${count} expired upload(s) removed` };
    });
    app.jobs.schedule(removeExpiredUploadsJob, REMOVE_EXPIRED_UPLOADS_CRON);
    return uploads;
  },
  { decorators: ['storage', 'config', 'jobs'] },
);
