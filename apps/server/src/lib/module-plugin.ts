import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export type ModulePluginOptions = {
  /** The plugin's name, when it is not the decorator's (`watch-time` decorates `app.watchTime`). */
  name?: string;
  /** Plugins (by name) that must be registered first: the modules this one's service calls. */
  dependencies?: string[];
  /** Root decorators the service reads from `app` (db, storage, config). */
  decorators?: string[];
};

/**
 * A module's service as a root decorator, `app.<decorator>`: `build` makes it (and may attach it to
 * another module or give its jobs a worker on `app.jobs`), then it is decorated on the root instance (fastify-plugin,
 * so not encapsulated). The module keeps its own `declare module 'fastify'` augmentation.
 */
export function modulePlugin<K extends keyof FastifyInstance & string>(
  decorator: K,
  build: (app: FastifyInstance) => FastifyInstance[K] | Promise<FastifyInstance[K]>,
  { name = decorator, dependencies = [], decorators = [] }: ModulePluginOptions = {},
): FastifyPluginAsync {
  return fp(
    async (app) => {
      // `build` is typed by the augmentation; decorate's own typing cannot follow a generic key.
      app.decorate<unknown, string>(decorator, await build(app));
    },
    { name, dependencies, decorators: { fastify: decorators } },
  );
}
