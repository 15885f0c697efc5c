import { createStaffRequestSchema, staffSchema } from '@valence/contract';
import { z } from 'zod';
import { errors, moduleRoutes } from '../../lib/route-options.js';

export const staffRoutes = moduleRoutes('staff', async (app, route) => {
  app.get('/staff', route('superadmin', { response: { 200: z.array(staffSchema) } }), () => app.staff.list());

  app.post(
    '/staff',
    route('superadmin', { body: createStaffRequestSchema, response: { 201: staffSchema, ...errors(409) } }),
    async (request, reply) => reply.status(201).send(await app.staff.create(request.principal, request.body)),
  );
});
