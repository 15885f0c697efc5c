import fp from 'fastify-plugin';
import { ResourcesService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    resources: ResourcesService;
  }
}

export const resourcesPlugin = fp(
  async (app) => {
    const resources = new ResourcesService(app);
    app.decorate('resources', resources);
    app.courses.attach(resources);
  },
  { name: 'resources', dependencies: ['courses', 'uploads'], decorators: { fastify: ['db', 'storage', 'config'] } },
);
