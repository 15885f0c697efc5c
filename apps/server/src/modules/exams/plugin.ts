import fp from 'fastify-plugin';
import { ExamsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    exams: ExamsService;
  }
}

export const examsPlugin = fp(
  async (app) => {
    const exams = new ExamsService();
    app.decorate('exams', exams);
    app.courses.attach(exams);
  },
  { name: 'exams', dependencies: ['courses'] },
);
