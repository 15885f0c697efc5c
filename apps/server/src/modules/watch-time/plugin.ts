import { modulePlugin } from '../../lib/module-plugin.js';
import { WatchTimeService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    watchTime: WatchTimeService;
  }
}

export const watchTimePlugin = modulePlugin('watchTime', (app) => new WatchTimeService(app), {
  name: 'watch-time',
  dependencies: ['accounts'],
  decorators: ['db', 'config'],
});
