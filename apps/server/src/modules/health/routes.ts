import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../lib/db-errors.js';
import { errors, moduleRoutes } from '../../lib/route-options.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.string(), storage: z.string() });

/** A load balancer's check must not hang on a database that stopped answering without closing. */
const DATABASE_CHECK_MS = 3000;

export const healthRoutes = moduleRoutes('health', async (app, route) => {
  app.get(
    '/health',
    route('public', {
      summary: 'Whether the server and its database answer (503 while the database does not)',
      response: { 200: healthSchema, ...errors(503) },
    }),
    async (_request, reply) => {
      const timeout = new AbortController();
      // Settles either way, so a check that loses the race leaves no rejection behind it.
      const check = app.db.execute(sql`select 1`).then(
        () => ({ answered: true }),
        (error: unknown) => ({ answered: false, error }),
      );
      const outcome = await Promise.race([
        check,
        sleep(DATABASE_CHECK_MS, { answered: false }, { signal: timeout.signal }).catch(() => ({ answered: false })),
      ]).finally(() => timeout.abort());
      if ('error' in outcome && !isDatabaseUnavailable(outcome.error)) throw outcome.error;
      if (!outcome.answered) {
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_UNAVAILABLE.retryAfterSeconds))
          .send({ message: `The database (${app.databaseKind}) is down: it is not answering.` });
      }
      return { status: 'ok' as const, database: app.databaseKind, storage: app.storage.kind };
    },
  );
});
