import { modulePlugin } from '../../lib/module-plugin.js';
import { ResourcesService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    resources: ResourcesService;
  }
}

export const resourcesPlugin = modulePlugin('resources', (app) => app.courses.attach(new ResourcesService(app)), {
  dependencies: ['courses', 'enrollments', 'uploads'],
  decorators: ['db', 'storage', 'config'],
});
