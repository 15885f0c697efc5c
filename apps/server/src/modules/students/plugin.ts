import { modulePlugin } from '../../lib/module-plugin.js';
import { StudentsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    students: StudentsService;
  }
}

export const studentsPlugin = modulePlugin('students', (app) => new StudentsService(app), {
  dependencies: ['accounts', 'enrollments', 'exams', 'submissions'],
  decorators: ['db', 'config'],
});
