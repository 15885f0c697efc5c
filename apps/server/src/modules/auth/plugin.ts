import { modulePlugin, repeatWhileOpen } from '../../lib/module-plugin.js';
import { HOUR_MS } from '../../lib/time.js';
import { AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

/** `app.auth`: sign-in, the current account and logout; and the hourly sweep of old counters. */
export const authPlugin = modulePlugin(
  'auth',
  (app) => {
    const auth = new AuthService(app);
    repeatWhileOpen(app, HOUR_MS, () => auth.sweepCounters(), 'could not sweep sign-in counters');
    return auth;
  },
  { dependencies: ['accounts', 'tokens'], decorators: ['db'] },
);
