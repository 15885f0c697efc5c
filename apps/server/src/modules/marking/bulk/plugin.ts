import { modulePlugin } from '../../../lib/module-plugin.js';
import { BulkMarkingService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    bulkMarking: BulkMarkingService;
  }
}

/** A PART II exam's scripts out as one zip, and a zip of marked papers (and marks.csv) back in. */
export const bulkMarkingPlugin = modulePlugin('bulkMarking', (app) => new BulkMarkingService(app), {
  dependencies: ['exams', 'submissions'],
  decorators: ['db', 'storage'],
});
