import fp from 'fastify-plugin';
import { CoursesService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    courses: CoursesService;
  }
}

/** Depends on no other module: those that keep things per course attach to it (CourseContent). */
export const coursesPlugin = fp(
  async (app) => {
    app.decorate('courses', new CoursesService(app));
  },
  { name: 'courses', decorators: { fastify: ['db', 'storage'] } },
);
