import { modulePlugin } from '../../lib/module-plugin.js';
import { SWEEP_SIGN_IN_COUNTERS_CRON, sweepSignInCountersJob } from './jobs.js';
import { AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

/** `app.auth`: sign-in, the current account and logout; and the hourly sweep of old counters (a job on the queue). */
export const authPlugin = modulePlugin(
  'auth',
  (app) => {
    const auth = new AuthService(app);
    void app.jobs.work(sweepSignInCountersJob, async () => {
      await auth.sweepCounters();
      return null;
    });
    app.jobs.schedule(sweepSignInCountersJob, SWEEP_SIGN_IN_COUNTERS_CRON);
    return auth;
  },
  { dependencies: ['accounts', 'tokens', 'settings'], decorators: ['db', 'config', 'jobs'] },
);
