import { createEnrollmentSchema, enrollmentSchema, errorResponseSchema, idParamSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EnrollmentsService } from './service.js';

export const enrollmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new EnrollmentsService(app.db);
  const tags = ['enrollments'];

  app.get(
    '/enrollments/course/:id',
    {
      config: { access: 'staff' },
      schema: { tags, params: idParamSchema, response: { 200: z.array(enrollmentSchema), 404: errorResponseSchema } },
    },
    (request) => service.listForCourse(request.params.id),
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
