import { createStaffRequestSchema, errorResponseSchema, staffSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StaffService } from './service.js';

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new StaffService(app.db);

  app.get(
    '/staff',
    { config: { access: 'superadmin' }, schema: { tags: ['staff'], response: { 200: z.array(staffSchema) } } },
    () => service.list(),
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
    async (request, reply) => reply.status(201).send(await service.create(request.principal, request.body)),
  );
};
