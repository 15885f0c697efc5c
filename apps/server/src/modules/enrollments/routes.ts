import {
  bulkEnrollmentResultSchema,
  bulkEnrollmentSchema,
  createEnrollmentSchema,
  enrollmentListQuerySchema,
  enrollmentSchema,
  errorResponseSchema,
  idParamSchema,
  listOrPageSchema,
} from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EnrollmentsService } from './service.js';

export const enrollmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new EnrollmentsService(app.db);
  const tags = ['enrollments'];

  app.get(
    '/enrollments/course/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "The course's enrolments; with limit, one page (q: username contains; sort) and the total",
        params: idParamSchema,
        querystring: enrollmentListQuerySchema,
        response: { 200: listOrPageSchema(enrollmentSchema), 404: errorResponseSchema },
      },
    },
    (request) => service.listForCourse(request.params.id, request.query),
  );

  app.post(
    '/enrollments/bulk',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Enrol many students (named, or all not yet in the course) in one request',
        body: bulkEnrollmentSchema,
        response: { 200: bulkEnrollmentResultSchema, 404: errorResponseSchema },
      },
    },
    (request) => service.createMany(request.principal, request.body),
  );

  app.post(
    '/enrollments',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        body: createEnrollmentSchema,
        response: { 201: enrollmentSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );
};
