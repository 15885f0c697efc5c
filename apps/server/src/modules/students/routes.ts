import {
  deleteStudentQuerySchema,
  errorResponseSchema,
  idParamSchema,
  listOrPageSchema,
  logoutStudentRequestSchema,
  studentListQuerySchema,
  studentSchema,
  studentSignupRequestSchema,
  studentUpdateRequestSchema,
} from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/auth.js';

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['students'],
        summary:
          'Students; with limit, one page of them (q: username contains, any case; notInCourse: not enrolled there) and the total',
        querystring: studentListQuerySchema,
        response: { 200: listOrPageSchema(studentSchema) },
      },
    },
    (request) => app.students.list(request.query),
  );

  app.post(
    '/students/signup',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['students'],
        body: studentSignupRequestSchema,
        response: { 201: studentSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await app.students.signup(request.principal, request.body)),
  );

  app.put(
    '/students/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['students'],
        summary: "Change a student's username and, when given, password (which ends their sessions)",
        params: idParamSchema,
        body: studentUpdateRequestSchema,
        response: { 200: studentSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    (request) => app.students.update(requirePrincipal(request), request.params.id, request.body),
  );

  app.delete(
    '/students/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['students'],
        summary: 'Delete a student with enrolments and watch records; confirmMarks=true when they have exam marks',
        params: idParamSchema,
        querystring: deleteStudentQuerySchema,
      },
    },
    async (request, reply) => {
      await app.students.delete(requirePrincipal(request), request.params.id, request.query.confirmMarks === 'true');
      return reply.status(204).send();
    },
  );

  app.post(
    '/logoutstudent',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['students'],
        summary: 'End every session of a student at once',
        body: logoutStudentRequestSchema,
      },
    },
    async (request, reply) => {
      await app.students.forceLogout(requirePrincipal(request), request.body.username);
      return reply.status(204).send();
    },
  );
};
