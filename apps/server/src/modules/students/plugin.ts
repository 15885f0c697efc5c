import fp from 'fastify-plugin';
import { StudentsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    students: StudentsService;
  }
}

export const studentsPlugin = fp(
  async (app) => {
    app.decorate('students', new StudentsService(app));
  },
  { name: 'students', dependencies: ['accounts', 'enrollments', 'exams'], decorators: { fastify: ['db'] } },
);
