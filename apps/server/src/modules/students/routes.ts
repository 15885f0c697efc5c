import {
  errorResponseSchema,
  listOrPageSchema,
  studentListQuerySchema,
  studentSchema,
  studentSignupRequestSchema,
} from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StudentsService } from './service.js';

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new StudentsService(app.db);

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
    (request) => service.list(request.query),
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
    async (request, reply) => reply.status(201).send(await service.signup(request.principal, request.body)),
  );
};
