import { errorResponseSchema, meSchema, signinRequestSchema, signinResponseSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/auth.js';
import { AuthService } from './service.js';
import { sweepSigninCounters } from './throttle.js';

const SWEEP_INTERVAL_MS = 3600 * 1000;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AuthService(app.db, app.tokens);
  const sweep = setInterval(() => {
    sweepSigninCounters(app.db).catch((error) => app.log.warn({ err: error }, 'could not sweep sign-in counters'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    '/signin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: signinRequestSchema,
        response: { 200: signinResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => service.signin(request.body, request.ip),
  );

  app.get(
    '/me',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: meSchema } } },
    (request) => service.me(requirePrincipal(request)),
  );

  app.post('/logout', { config: { access: 'authenticated' }, schema: { tags: ['auth'] } }, async (request, reply) => {
    await service.logout(requirePrincipal(request));
    return reply.status(204).send();
  });
};
