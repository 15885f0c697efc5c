import fp from 'fastify-plugin';
import { UNFINISHED_UPLOAD_TTL_MS, UploadsService } from './uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService;
  }
}

const CLEANUP_INTERVAL_MS = 3600 * 1000;

/** `app.uploads`: the tus endpoint's store and server, and the hourly sweep of abandoned uploads. */
export const uploadsPlugin = fp(
  async (app) => {
    const store = await app.storage.createUploadStore({ expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS });
    const uploads = new UploadsService(app, store);
    app.decorate('uploads', uploads);
    const timer = setInterval(() => {
      uploads
        .removeExpired()
        .then((count) => count > 0 && app.log.info(`removed ${count} expired unfinished upload(s)`))
        .catch((error) => app.log.warn({ err: error }, 'could not remove expired uploads'));
    }, CLEANUP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'uploads', decorators: { fastify: ['storage', 'config'] } },
);
