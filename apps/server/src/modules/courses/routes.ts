import {
  courseDetailSchema,
  courseInputSchema,
  courseSchema,
  errorResponseSchema,
  idParamSchema,
  listOrPageSchema,
  pageQuerySchema,
} from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/auth.js';

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['courses'];

  app.get(
    '/courses',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Courses, newest first; with limit, one page of them (q: title contains, any case) and the total',
        querystring: pageQuerySchema,
        response: { 200: listOrPageSchema(courseSchema) },
      },
    },
    (request) => app.courses.list(request.query),
  );

  app.post(
    '/courses',
    { config: { access: 'staff' }, schema: { tags, body: courseInputSchema, response: { 201: courseSchema } } },
    async (request, reply) => reply.status(201).send(await app.courses.create(request.body)),
  );

  app.get(
    '/courses/:id',
    {
      config: { access: 'staff' },
      schema: { tags, params: idParamSchema, response: { 200: courseDetailSchema, 404: errorResponseSchema } },
    },
    // The detail page's one call: the course, then its resources from the module that keeps them.
    async (request) => {
      const course = await app.courses.get(request.params.id);
      return { ...course, resources: await app.resources.listForCourse(course.id) };
    },
  );

  app.put(
    '/courses/:id',
    {
      config: { access: 'staff' },
      schema: { tags, params: idParamSchema, body: courseInputSchema, response: { 200: courseSchema } },
    },
    (request) => app.courses.update(request.params.id, request.body),
  );

  app.delete(
    '/courses/:id',
    {
      config: { access: 'superadmin' },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      await app.courses.delete(requirePrincipal(request), request.params.id);
      return reply.status(204).send();
    },
  );

  for (const [action, paused] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.put(
      `/enrollments/course/:id/${action}`,
      {
        config: { access: 'superadmin' },
        schema: {
          tags,
          summary: paused ? 'Pause the course: disable every enrolment' : 'Resume the course: enable every enrolment',
          params: idParamSchema,
        },
      },
      async (request, reply) => {
        await app.courses.setPaused(requirePrincipal(request), request.params.id, paused);
        return reply.status(204).send();
      },
    );
  }
};
