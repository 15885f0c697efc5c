import { errorResponseSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from '../me/examples.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: examples.signinBody,
        response: { 200: examples.signinAnswer, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => app.auth.signin(request.body, request.ip),
  );

  app.get(
    '/me',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: examples.me } } },
    (request) => app.auth.me(requirePrincipal(request)),
  );

  app.post('/logout', { config: { access: 'authenticated' }, schema: { tags: ['auth'] } }, async (request, reply) => {
    await app.auth.logout(requirePrincipal(request));
    return reply.status(204).send();
  });
};
