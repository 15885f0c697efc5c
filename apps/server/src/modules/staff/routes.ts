import { createStaffRequestSchema, errorResponseSchema, staffSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff',
    { config: { access: 'superadmin' }, schema: { tags: ['staff'], response: { 200: z.array(staffSchema) } } },
    () => app.staff.list(),
  );

  app.post(
    '/staff',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['staff'],
        body: createStaffRequestSchema,
        response: { 201: staffSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await app.staff.create(request.principal, request.body)),
  );
};
