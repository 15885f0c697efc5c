import { MAX_RESOURCE_BYTES, settingsSchema } from '@valence/contract';
import { moduleRoutes } from '../../lib/route-options.js';

export const settingsRoutes = moduleRoutes('settings', async (app, route) => {
  app.get('/settings', route('public', { response: { 200: settingsSchema } }), () => ({
    timeZone: app.config.timeZone,
    maxResourceBytes: MAX_RESOURCE_BYTES,
  }));
});
