import { modulePlugin } from '../../lib/module-plugin.js';
import { AccountsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

export const accountsPlugin = modulePlugin(
  'accounts',
  async (app) => {
    const accounts = new AccountsService(app);
    const stop = await accounts.watchChanges(app.dbListen, app.log);
    app.addHook('onClose', stop);
    return accounts;
  },
  { decorators: ['db', 'dbListen', 'databaseKind'] },
);
