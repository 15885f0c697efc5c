import {
  bulkEnrollmentResultSchema,
  bulkEnrollmentSchema,
  createEnrollmentSchema,
  enrollmentListQuerySchema,
  enrollmentSchema,
  errorResponseSchema,
  idParamSchema,
  listOrPageSchema,
  studentIdParamSchema,
  updateEnrollmentSchema,
} from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../plugins/auth.js';

export const enrollmentsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    (request) => app.enrollments.listForCourse(request.params.id, request.query),
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
    (request) => app.enrollments.createMany(request.principal, request.body),
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
    async (request, reply) => reply.status(201).send(await app.enrollments.create(request.body)),
  );

  app.get(
    '/enrollments/student/:studentId',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "A student's enrolments, newest first",
        params: studentIdParamSchema,
        response: { 200: z.array(enrollmentSchema), 404: errorResponseSchema },
      },
    },
    (request) => app.enrollments.listForStudent(request.params.studentId),
  );

  app.put(
    '/enrollments/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "Change one enrolment's status (ACTIVE or DISABLED)",
        params: idParamSchema,
        body: updateEnrollmentSchema,
        response: { 200: enrollmentSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    (request) => app.enrollments.setStatus(requirePrincipal(request), request.params.id, request.body.status),
  );

  app.delete(
    '/enrollments/:id',
    { config: { access: 'superadmin' }, schema: { tags, summary: 'Remove one enrolment', params: idParamSchema } },
    async (request, reply) => {
      await app.enrollments.delete(requirePrincipal(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
