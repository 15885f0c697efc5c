import fp from 'fastify-plugin';
import { EnrollmentsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    enrollments: EnrollmentsService;
  }
}

export const enrollmentsPlugin = fp(
  async (app) => {
    const enrollments = new EnrollmentsService(app);
    app.decorate('enrollments', enrollments);
    // A paused course disables its enrolments; a deleted one takes them along.
    app.courses.attach(enrollments);
  },
  { name: 'enrollments', dependencies: ['accounts', 'courses'], decorators: { fastify: ['db'] } },
);
