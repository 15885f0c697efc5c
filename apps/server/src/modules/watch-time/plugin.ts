import fp from 'fastify-plugin';
import { WatchTimeService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    watchTime: WatchTimeService;
  }
}

export const watchTimePlugin = fp(
  async (app) => {
    app.decorate('watchTime', new WatchTimeService(app));
  },
  { name: 'watch-time', dependencies: ['accounts'], decorators: { fastify: ['db', 'config'] } },
);
