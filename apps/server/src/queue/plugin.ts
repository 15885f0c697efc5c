import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { JobQueue } from './job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one job queue (pg-boss): define with `defineJob`, then `work`, `send`, `schedule`. */
    jobs: JobQueue;
  }
}

/**
 * `app.jobs`, registered before the modules so each may give its jobs a worker while it is built;
 * pg-boss starts once every module is registered (`onReady`) and stops when the app closes, before
 * the database does.
 */
export const jobsPlugin = fp<{ database: Database }>(
  async (app: FastifyInstance, { database }) => {
    if (!database.queue) throw new Error('This database offers no job queue.');
    const jobs = new JobQueue({ queue: database.queue, kind: database.kind, log: app.log });
    app.decorate('jobs', jobs);
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs' },
);
