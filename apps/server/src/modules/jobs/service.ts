import type { Job, JobsPage, JobsQuery } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/errors.js';
import type { JobView } from '../../queue/job-queue.js';

/** A page of jobs when the call names no limit. */
export const JOBS_PAGE_SIZE = 20;
/** How much of a result the list shows when it has no `summary` of its own. */
const SUMMARY_LENGTH = 200;

function summaryOf(result: unknown): string | null {
  if (result === null || result === undefined) return null;
  if (typeof result === 'object' && typeof (result as { summary?: unknown }).summary === 'string') {
    return (result as { summary: string }).summary;
  }
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
}

export function presentJob(job: JobView): Job {
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    progress: job.progress,
    attempts: job.attempts,
    retryLimit: job.retryLimit,
    createdOn: job.createdOn.toISOString(),
    startedOn: job.startedOn?.toISOString() ?? null,
    completedOn: job.completedOn?.toISOString() ?? null,
    failureReason: job.failureReason,
    resultSummary: job.state === 'completed' ? summaryOf(job.result) : null,
  };
}

/** The superadmin's view of the queue: every module's jobs, and a failed one sent again. */
export class JobsService {
  constructor(private readonly deps: Pick<FastifyInstance, 'jobs'>) {}

  async list(query: JobsQuery): Promise<JobsPage> {
    const limit = query.limit ?? JOBS_PAGE_SIZE;
    const offset = query.offset ?? 0;
    const { items, total } = await this.deps.jobs.list({ state: query.state, name: query.name, limit, offset });
    return { items: items.map(presentJob), total, limit, offset };
  }

  async retry(id: string): Promise<Job> {
    const job = await this.deps.jobs.find(id);
    if (!job) throw notFound('Job not found.');
    if (job.state !== 'failed' || !(await this.deps.jobs.retry(job))) {
      throw conflict(`Only a failed job can be retried; this one is ${job.state}.`);
    }
    return presentJob((await this.deps.jobs.find(id)) ?? job);
  }
}
