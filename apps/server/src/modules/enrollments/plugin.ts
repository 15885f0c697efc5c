import { modulePlugin } from '../../lib/module-plugin.js';
import { EnrollmentsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    enrollments: EnrollmentsService;
  }
}

// A paused course disables its enrolments; a deleted one takes them along.
export const enrollmentsPlugin = modulePlugin('enrollments', (app) => app.courses.attach(new EnrollmentsService(app)), {
  dependencies: ['accounts', 'courses'],
  decorators: ['db'],
});
