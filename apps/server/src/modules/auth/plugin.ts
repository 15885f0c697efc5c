import fp from 'fastify-plugin';
import { AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

const SWEEP_INTERVAL_MS = 3600 * 1000;

/** `app.auth`: sign-in, the current account and logout; and the hourly sweep of old counters. */
export const authPlugin = fp(
  async (app) => {
    const auth = new AuthService(app);
    app.decorate('auth', auth);
    const sweep = setInterval(() => {
      auth.sweepCounters().catch((error) => app.log.warn({ err: error }, 'could not sweep sign-in counters'));
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'auth', dependencies: ['accounts', 'tokens'], decorators: { fastify: ['db'] } },
);
