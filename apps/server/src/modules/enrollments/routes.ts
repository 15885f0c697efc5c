import {
  bulkEnrollmentResultSchema,
  bulkEnrollmentSchema,
  createEnrollmentSchema,
  enrollmentListQuerySchema,
  enrollmentSchema,
  idParamSchema,
  studentIdParamSchema,
  updateEnrollmentSchema,
} from '@valence/contract';
import { z } from 'zod';
import { errors, moduleRoutes, noContent, pagedList, sendList } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

export const enrollmentsRoutes = moduleRoutes('enrollments', async (app, route) => {
  app.get(
    '/enrollments/course/:id',
    route('staff', {
      summary: "The course's enrolments; with limit, one page (q: username contains; sort) and the total",
      params: idParamSchema,
      ...pagedList(enrollmentListQuerySchema, enrollmentSchema, 404),
    }),
    async (request, reply) => sendList(reply, await app.enrollments.listForCourse(request.params.id, request.query)),
  );

  app.post(
    '/enrollments/bulk',
    route(
      'staff',
      {
        summary: 'Enrol many students (named, or all not yet in the course) in one request',
        body: bulkEnrollmentSchema,
        response: { 200: bulkEnrollmentResultSchema, ...errors(400, 404, 409, 422) },
      },
      { idempotent: true },
    ),
    (request) => app.enrollments.createMany(request.principal, request.body),
  );

  app.post(
    '/enrollments',
    route('staff', { body: createEnrollmentSchema, response: { 201: enrollmentSchema, ...errors(404, 409) } }),
    async (request, reply) => reply.status(201).send(await app.enrollments.create(request.body)),
  );

  app.get(
    '/enrollments/student/:studentId',
    route('staff', {
      summary: "A student's enrolments, newest first",
      params: studentIdParamSchema,
      response: { 200: z.array(enrollmentSchema), ...errors(404) },
    }),
    (request) => app.enrollments.listForStudent(request.params.studentId),
  );

  app.put(
    '/enrollments/:id',
    route('staff', {
      summary: "Change one enrolment's status (ACTIVE or DISABLED)",
      params: idParamSchema,
      body: updateEnrollmentSchema,
      response: { 200: enrollmentSchema, ...errors(404, 409) },
    }),
    (request) => app.enrollments.setStatus(requirePrincipal(request), request.params.id, request.body.status),
  );

  app.delete(
    '/enrollments/:id',
    route('superadmin', { summary: 'Remove one enrolment', params: idParamSchema }),
    (request, reply) => noContent(reply, app.enrollments.delete(requirePrincipal(request), request.params.id)),
  );
});
