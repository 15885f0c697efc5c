import { idParamSchema, usernameParamSchema, watchRecordSchema, watchTimeQuerySchema } from '@valence/contract';
import { z } from 'zod';
import { errors, moduleRoutes, noContent, pagedList, sendList } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

export const watchTimeRoutes = moduleRoutes('watch time', async (app, route) => {
  app.get(
    '/api/watchtime/total/:username',
    route('staff', {
      summary: 'Seconds the student has watched in all',
      params: usernameParamSchema,
      response: { 200: z.number(), ...errors(404) },
    }),
    (request) => app.watchTime.totalSeconds(request.params.username),
  );

  app.get(
    '/api/watchtime/:username',
    route('staff', {
      summary: "A student's watch records, newest first; with limit, one page (q: video name; from/to: days; sort)",
      params: usernameParamSchema,
      ...pagedList(watchTimeQuerySchema, watchRecordSchema, 404),
    }),
    async (request, reply) => sendList(reply, await app.watchTime.list(request.params.username, request.query)),
  );

  app.delete(
    '/api/watchtime/:id',
    route('superadmin', { summary: 'Delete one watch record (superadmin only)', params: idParamSchema }),
    (request, reply) => noContent(reply, app.watchTime.delete(requirePrincipal(request), request.params.id)),
  );
});
