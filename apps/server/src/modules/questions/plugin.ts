import { modulePlugin } from '../../lib/module-plugin.js';
import { QuestionsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    questions: QuestionsService;
  }
}

export const questionsPlugin = modulePlugin('questions', (app) => app.exams.attach(new QuestionsService(app)), {
  dependencies: ['exams'],
  decorators: ['db', 'storage', 'config'],
});
