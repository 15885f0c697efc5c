import { modulePlugin } from '../../lib/module-plugin.js';
import { SettingsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

export const settingsPlugin = modulePlugin('settings', (app) => new SettingsService(app), {
  decorators: ['db', 'storage', 'config'],
});
