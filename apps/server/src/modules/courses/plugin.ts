import { modulePlugin } from '../../lib/module-plugin.js';
import { CoursesService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    courses: CoursesService;
  }
}

/** Depends on no other module: those that keep things per course attach to it (CourseContent). */
export const coursesPlugin = modulePlugin('courses', (app) => new CoursesService(app), {
  decorators: ['db', 'storage'],
});
