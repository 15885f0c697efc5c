import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * Statements on the job queue's own tables (schema `pgboss`) for a test: through the embedded
 * database's one client, or a short connection to the PostgreSQL database the queue runs on.
 */
export function queueSql(database: Database): (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> {
  const queue = database.queue;
  if (!queue) throw new Error('This database offers no job queue.');
  if ('executeSql' in queue) return (text, values = []) => queue.executeSql(text, values);
  return async (text, values = []) => {
    const client = new pg.Client({ connectionString: queue.databaseUrl });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };
}
