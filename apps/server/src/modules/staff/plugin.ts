import { modulePlugin } from '../../lib/module-plugin.js';
import { StaffService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffService;
  }
}

export const staffPlugin = modulePlugin('staff', (app) => new StaffService(app), {
  dependencies: ['accounts'],
  decorators: ['db'],
});
