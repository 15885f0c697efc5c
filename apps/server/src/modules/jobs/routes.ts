import { jobIdParamSchema, jobSchema, jobsPageSchema, jobsQuerySchema } from '@valence/contract';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { JobsService } from './service.js';

/** The job queue's screen: superadmin only. */
export const jobsRoutes = moduleRoutes('jobs', async (app, route) => {
  const jobs = new JobsService(app);

  app.get(
    '/jobs',
    route('superadmin', {
      summary:
        "Every queue's jobs, newest first, one page (state: queued, retry, running, completed, failed, cancelled; name: the job's kind)",
      querystring: jobsQuerySchema,
      response: { 200: jobsPageSchema, ...errors(400) },
    }),
    (request) => jobs.list(request.query),
  );

  app.post(
    '/jobs/:id/retry',
    route('superadmin', {
      summary: 'Queue a failed job once more',
      params: jobIdParamSchema,
      response: { 200: jobSchema, ...errors(400, 404, 409) },
    }),
    (request) => jobs.retry(request.params.id),
  );
});
