import { errorResponseSchema, listOrPageSchema, type Page } from '@valence/contract';
import type { FastifyContextConfig, FastifyReply, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { StreamedList } from './paging.js';

/** Who may call a route: the levels the auth plugin checks (`plugins/auth.ts`). */
type Access = NonNullable<FastifyContextConfig['access']>;
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
/** What a route may add to its access level: see `FastifyContextConfig` in `plugins/auth.ts`. */
type AccessOptions = Omit<FastifyContextConfig, 'access'>;
type RouteOptions = <S extends FastifySchema>(
  access: Access,
  schema: S,
  options?: AccessOptions,
) => { config: { access: Access } & AccessOptions; schema: S & { tags: string[] } };

/**
 * A module's routes under its OpenAPI tag. `register` declares them with `route(access, schema)`:
 * who may call the route (refused with 401/403 before the handler runs; a route without a level
 * stops the server at start-up) and its schema, which validates the request, serialises and
 * documents the answer, and types both for the handler.
 */
export function moduleRoutes(tag: string, register: (app: ZodApp, route: RouteOptions) => Promise<void>) {
  const route: RouteOptions = (access, schema, options) => ({
    config: { ...options, access },
    schema: { tags: [tag], ...schema },
  });
  const plugin: FastifyPluginAsyncZod = (app) => register(app, route);
  return plugin;
}

/** The `{ message }` answer under each of these statuses, spread into a route's `response` map. */
export function errors<const C extends number>(...codes: C[]): Record<C, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<C, typeof errorResponseSchema>;
}

/**
 * A list call's query and answer, spread into its schema: the answer is the plain array without
 * `limit`, else one page and the total (`listOrPageSchema`); `codes` are its `{ message }` answers.
 */
export function pagedList<Q extends z.ZodType, T extends z.ZodType, const C extends number = never>(
  querystring: Q,
  item: T,
  ...codes: C[]
) {
  return { querystring, response: { 200: listOrPageSchema(item), ...errors(...codes) } };
}

/**
 * Sends a list call's answer: a page as the route's schema serialises it, or the whole list as the
 * stream of JSON it is read into (Fastify neither serialises nor validates a stream, so its rows must
 * already be the item's shape: the services map each row through their presenter).
 */
export function sendList<T>(reply: FastifyReply, answer: StreamedList<T> | Page<T>): FastifyReply {
  if (answer instanceof StreamedList) {
    return reply.type('application/json; charset=utf-8').send(answer.toStream());
  }
  return reply.send(answer);
}

/** Answers 204 and no body once `work` is done: the reply to a delete, a pause or a logout. */
export async function noContent(reply: FastifyReply, work: Promise<unknown>): Promise<FastifyReply> {
  await work;
  return reply.status(204).send();
}
