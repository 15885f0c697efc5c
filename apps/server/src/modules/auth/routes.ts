import { errorResponseSchema, meSchema, signinRequestSchema, signinResponseSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/auth.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
    (request) => app.auth.signin(request.body, request.ip),
  );

  app.get(
    '/me',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: meSchema } } },
    (request) => app.auth.me(requirePrincipal(request)),
  );

  app.post('/logout', { config: { access: 'authenticated' }, schema: { tags: ['auth'] } }, async (request, reply) => {
    await app.auth.logout(requirePrincipal(request));
    return reply.status(204).send();
  });
};
