import { modulePlugin } from '../../lib/module-plugin.js';
import { QuestionCopyService } from './copy-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    questionCopy: QuestionCopyService;
  }
}

/** Copying questions between exams: a service of the questions module beside `app.questions`. */
export const questionCopyPlugin = modulePlugin('questionCopy', (app) => new QuestionCopyService(app), {
  name: 'question-copy',
  dependencies: ['exams', 'questions'],
  decorators: ['db', 'storage'],
});
