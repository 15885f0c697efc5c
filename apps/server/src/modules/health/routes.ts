import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/route-options.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.string(), storage: z.string() });

export const healthRoutes = moduleRoutes('health', async (app, route) => {
  app.get('/health', route('public', { response: { 200: healthSchema } }), async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: app.databaseKind, storage: app.storage.kind };
  });
});
