import { modulePlugin, repeatWhileOpen } from '../../lib/module-plugin.js';
import { HOUR_MS } from '../../lib/time.js';
import { UNFINISHED_UPLOAD_TTL_MS, UploadsService } from './uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService;
  }
}

/** `app.uploads`: the tus endpoint's store and server, and the hourly sweep of abandoned uploads. */
export const uploadsPlugin = modulePlugin(
  'uploads',
  async (app) => {
    const store = await app.storage.createUploadStore({ expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS });
    const uploads = new UploadsService(app, store);
    const removeExpired = async () => {
      const count = await uploads.removeExpired();
      if (count > 0) app.log.info(`removed ${count} expired unfinished upload(s)`);
    };
    repeatWhileOpen(app, HOUR_MS, removeExpired, 'could not remove expired uploads');
    return uploads;
  },
  { decorators: ['storage', 'config'] },
);
