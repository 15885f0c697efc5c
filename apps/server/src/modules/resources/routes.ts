import { createResourceSchema, idParamSchema, resourceSchema } from '@valence/contract';
import { errors, moduleRoutes, noContent } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

export const resourcesRoutes = moduleRoutes('resources', async (app, route) => {
  app.post(
    '/resources',
    route('staff', { body: createResourceSchema, response: { 201: resourceSchema, ...errors(400, 404, 409) } }),
    async (request, reply) => reply.status(201).send(await app.resources.create(request.body)),
  );

  app.delete('/resources/:id', route('superadmin', { params: idParamSchema }), (request, reply) =>
    noContent(reply, app.resources.delete(requirePrincipal(request), request.params.id)),
  );
});
