import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Placeholder: the tus endpoint is built in this module (issue 3). */
export const uploadsRoutes: FastifyPluginAsyncZod = async () => {};
