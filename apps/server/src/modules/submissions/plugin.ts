import { modulePlugin } from '../../lib/module-plugin.js';
import { SubmissionsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    submissions: SubmissionsService;
  }
}

/** What students hand in (their exams, the paper, MCQ answers, PART II scripts); owns the submissions tables. */
export const submissionsPlugin = modulePlugin('submissions', (app) => new SubmissionsService(app), {
  dependencies: ['courses', 'enrollments', 'exams', 'questions'],
  decorators: ['db', 'storage', 'config'],
});
