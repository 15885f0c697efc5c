import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. None of ours depends on the request
 * (no nonces, no directive functions), and building helmet's middleware again for every answer, as
 * @fastify/helmet does, was 3–4 % of the server's time on a page of scripts.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let outcome: { error: unknown } | undefined;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    outcome = { error };
  });
  // helmet's middleware runs synchronously; anything else would mean headers that vary per request.
  if (!outcome) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  if (outcome.error) throw outcome.error;
  return headers;
}

/** Every answer (API, portal, assets, errors) carries the same security headers. */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
