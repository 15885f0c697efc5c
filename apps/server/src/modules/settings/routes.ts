import { MAX_RESOURCE_BYTES, settingsSchema } from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { config: { access: 'public' }, schema: { tags: ['settings'], response: { 200: settingsSchema } } },
    () => ({ timeZone: app.config.timeZone, maxResourceBytes: MAX_RESOURCE_BYTES }),
  );
};
