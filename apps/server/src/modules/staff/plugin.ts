import fp from 'fastify-plugin';
import { StaffService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffService;
  }
}

export const staffPlugin = fp(
  async (app) => {
    app.decorate('staff', new StaffService(app));
  },
  { name: 'staff', dependencies: ['accounts'], decorators: { fastify: ['db'] } },
);
