import { modulePlugin } from '../../lib/module-plugin.js';
import { AccountsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

export const accountsPlugin = modulePlugin('accounts', (app) => new AccountsService(app), { decorators: ['db'] });
