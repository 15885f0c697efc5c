import { modulePlugin } from '../../lib/module-plugin.js';
import { InsightService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    insight: InsightService;
  }
}

/** Figures about a class read across modules: MCQ item analysis, watch coverage. Owns no table. */
export const insightPlugin = modulePlugin('insight', (app) => new InsightService(app), {
  dependencies: ['accounts', 'courses', 'exams'],
  decorators: ['db'],
});
