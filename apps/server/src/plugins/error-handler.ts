import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { closeAfterAnswer } from '../lib/close-connection.js';
import { clientErrorOf, DATABASE_UNAVAILABLE, redactDbError, unavailableCause } from '../lib/db-errors.js';
import { HttpError } from '../lib/errors.js';
import { InvalidKeyError, storageFullOf } from '../storage/storage.js';

type ValidationItem = { instancePath?: string; message?: string | undefined };

/** Our schemas phrase messages as sentences; zod's own defaults get the field name in front. */
function describe(items: ValidationItem[], context: string | undefined): string {
  const parts = items.map((item) => {
    const message = item.message ?? 'Invalid value.';
    if (/[.!]$/.test(message)) return message;
    const field = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return `${field || context || 'request'}: ${message}`;
  });
  return [...new Set(parts)].join(' ');
}

/** One error shape for the whole API: `{ message }`; 5xx never carry internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused before its body was read (an upload, mostly): the answer ends the connection.
    closeAfterAnswer(request.raw, reply.raw);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: describe(error.validation, error.validationContext) });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...error.details });
    }
    if (error instanceof InvalidKeyError) {
      return reply.status(400).send({ message: error.message });
    }
    // A constraint the request broke (a duplicate, a row deleted meanwhile, a number out of range):
    // the client's problem, answered as such; the services catch the cases they can name better.
    const clientError = clientErrorOf(error);
    if (clientError) return reply.status(clientError.status).send({ message: clientError.message });
    // The database restarting or out of reach: worth trying again shortly, not a fault in the server.
    const unavailable = unavailableCause(error);
    if (unavailable) {
      request.log.warn({ err: unavailable }, 'the database is unavailable');
      return reply
        .status(DATABASE_UNAVAILABLE.status)
        .header('retry-after', String(DATABASE_UNAVAILABLE.retryAfterSeconds))
        .send({ message: DATABASE_UNAVAILABLE.message });
    }
    // A full or read-only disk under an upload: nothing was saved, and the answer says why.
    const storageFull = storageFullOf(error);
    if (storageFull) {
      request.log.error({ err: error }, 'the file store cannot be written to');
      return reply.status(storageFull.statusCode).send({ message: storageFull.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(status).send({ message });
    }
    // Database errors carry the query's parameters and values: log them without.
    request.log.error({ err: redactDbError(error) ?? error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error.' });
  });
}
