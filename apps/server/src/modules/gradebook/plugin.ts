import { modulePlugin } from '../../lib/module-plugin.js';
import { GradebookService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    gradebook: GradebookService;
  }
}

/** A course's marks for the whole class at once: the gradebook, its class figures and its exports. */
export const gradebookPlugin = modulePlugin('gradebook', (app) => new GradebookService(app), {
  dependencies: ['courses'],
  decorators: ['db'],
});
