import { createStaffRequestSchema, idParamSchema, staffSchema, updateStaffRequestSchema } from '@valence/contract';
import { z } from 'zod';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

export const staffRoutes = moduleRoutes('staff', async (app, route) => {
  app.get('/staff', route('superadmin', { response: { 200: z.array(staffSchema) } }), () => app.staff.list());

  app.post(
    '/staff',
    route('superadmin', { body: createStaffRequestSchema, response: { 201: staffSchema, ...errors(409) } }),
    async (request, reply) => reply.status(201).send(await app.staff.create(request.principal, request.body)),
  );

  app.patch(
    '/staff/:id',
    route('superadmin', {
      summary:
        "Change a staff account's role, disable or enable it, or set a new password; any of these ends its sessions. The last enabled superadmin cannot be demoted or disabled (409).",
      params: idParamSchema,
      body: updateStaffRequestSchema,
      response: { 200: staffSchema, ...errors(404, 409) },
    }),
    (request) => app.staff.update(requirePrincipal(request), request.params.id, request.body),
  );
});
