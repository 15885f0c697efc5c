import { errorResponseSchema, idParamSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from './examples.js';

/** The students' app's own calls (DESIGN §5): every answer is about the signed-in student alone. */
export const studentAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/courses',
    {
      config: { access: 'student' },
      schema: {
        tags: ['student app'],
        summary: 'My courses: those with an ACTIVE enrolment, newest first',
        response: { 200: examples.courses },
      },
    },
    (request) => app.studentApp.myCourses(requirePrincipal(request)),
  );

  app.get(
    '/me/courses/:id/resources',
    {
      config: { access: 'student' },
      schema: {
        tags: ['student app'],
        summary: "A course's lectures that are live now and not expired, with signed links",
        params: idParamSchema,
        response: { 200: examples.lectures, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => app.studentApp.myLectures(requirePrincipal(request), request.params.id),
  );

  app.post(
    '/api/watchtime',
    {
      config: { access: 'student' },
      schema: {
        tags: ['student app'],
        summary: 'Record a sitting of a lecture: its name and the server time are filled in',
        body: examples.watchBody,
        response: { 201: examples.watchAnswer, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.studentApp.recordWatch(requirePrincipal(request), request.body)),
  );
};
