import { createResourceSchema, errorResponseSchema, idParamSchema, resourceSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/auth.js';

export const resourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['resources'];

  app.post(
    '/resources',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        body: createResourceSchema,
        response: { 201: resourceSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await app.resources.create(request.body)),
  );

  app.delete(
    '/resources/:id',
    { config: { access: 'superadmin' }, schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      await app.resources.delete(requirePrincipal(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
