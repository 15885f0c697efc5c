import fp from 'fastify-plugin';
import { AccountsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

export const accountsPlugin = fp(
  async (app) => {
    app.decorate('accounts', new AccountsService(app));
  },
  { name: 'accounts', decorators: { fastify: ['db'] } },
);
