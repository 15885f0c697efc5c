import { modulePlugin } from '../../lib/module-plugin.js';
import { ExamsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    exams: ExamsService;
  }
}

export const examsPlugin = modulePlugin('exams', (app) => app.courses.attach(new ExamsService(app)), {
  dependencies: ['courses'],
  decorators: ['db', 'storage', 'config', 'clock'],
});
