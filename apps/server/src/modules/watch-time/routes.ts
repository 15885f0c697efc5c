import {
  errorResponseSchema,
  idParamSchema,
  listOrPageSchema,
  usernameParamSchema,
  watchRecordSchema,
  watchTimeQuerySchema,
} from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../plugins/auth.js';

export const watchTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['watch time'];

  app.get(
    '/api/watchtime/total/:username',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Seconds the student has watched in all',
        params: usernameParamSchema,
        response: { 200: z.number(), 404: errorResponseSchema },
      },
    },
    (request) => app.watchTime.totalSeconds(request.params.username),
  );

  app.get(
    '/api/watchtime/:username',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "A student's watch records, newest first; with limit, one page (q: video name; from/to: days; sort)",
        params: usernameParamSchema,
        querystring: watchTimeQuerySchema,
        response: { 200: listOrPageSchema(watchRecordSchema), 404: errorResponseSchema },
      },
    },
    (request) => app.watchTime.list(request.params.username, request.query),
  );

  app.delete(
    '/api/watchtime/:id',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Delete one watch record (superadmin only)', params: idParamSchema },
    },
    async (request, reply) => {
      await app.watchTime.delete(requirePrincipal(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
