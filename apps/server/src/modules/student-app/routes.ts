import { idParamSchema } from '@valence/contract';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from './examples.js';

/** The students' app's own calls, for students only: every answer is about the signed-in student alone. */
export const studentAppRoutes = moduleRoutes('student app', async (app, route) => {
  app.get(
    '/me/courses',
    route('student', {
      summary: 'My courses: those with an ACTIVE enrolment, newest first',
      response: { 200: examples.courses },
    }),
    (request) => app.studentApp.myCourses(requirePrincipal(request)),
  );

  app.get(
    '/me/courses/:id/resources',
    route('student', {
      summary: "A course's lectures that are live now and not expired, with signed links",
      params: idParamSchema,
      response: { 200: examples.lectures, ...errors(403, 404) },
    }),
    (request) => app.studentApp.myLectures(requirePrincipal(request), request.params.id),
  );

  app.post(
    '/api/watchtime',
    route('student', {
      summary: 'Record a sitting of a lecture: its name and the server time are filled in',
      body: examples.watchBody,
      response: { 201: examples.watchAnswer, ...errors(400, 403) },
    }),
    async (request, reply) =>
      reply.status(201).send(await app.studentApp.recordWatch(requirePrincipal(request), request.body)),
  );
});
