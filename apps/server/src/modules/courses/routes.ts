import { courseDetailSchema, courseInputSchema, courseSchema, idParamSchema, pageQuerySchema } from '@valence/contract';
import { errors, moduleRoutes, noContent, pagedList, sendList } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

export const coursesRoutes = moduleRoutes('courses', async (app, route) => {
  app.get(
    '/courses',
    route('staff', {
      summary: 'Courses, newest first; with limit, one page of them (q: title contains, any case) and the total',
      ...pagedList(pageQuerySchema, courseSchema),
    }),
    async (request, reply) => sendList(reply, await app.courses.list(request.query)),
  );

  app.post(
    '/courses',
    route('staff', { body: courseInputSchema, response: { 201: courseSchema } }),
    async (request, reply) => reply.status(201).send(await app.courses.create(request.body)),
  );

  app.get(
    '/courses/:id',
    route('staff', { params: idParamSchema, response: { 200: courseDetailSchema, ...errors(404) } }),
    // The detail page's one call: the course, then its resources from the module that keeps them.
    async (request) => {
      const course = await app.courses.get(request.params.id);
      return { ...course, resources: await app.resources.listForCourse(course.id) };
    },
  );

  app.put(
    '/courses/:id',
    route('staff', { params: idParamSchema, body: courseInputSchema, response: { 200: courseSchema } }),
    (request) => app.courses.update(request.params.id, request.body),
  );

  app.delete('/courses/:id', route('superadmin', { params: idParamSchema }), (request, reply) =>
    noContent(reply, app.courses.delete(requirePrincipal(request), request.params.id)),
  );

  for (const [action, paused] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.put(
      `/enrollments/course/:id/${action}`,
      route('superadmin', {
        summary: paused ? 'Pause the course: disable every enrolment' : 'Resume the course: enable every enrolment',
        params: idParamSchema,
      }),
      (request, reply) => noContent(reply, app.courses.setPaused(requirePrincipal(request), request.params.id, paused)),
    );
  }
});
