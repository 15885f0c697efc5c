import { z } from 'zod';

/** pg-boss 10's queue policies (see docs/architecture.md, "Where a new job goes"). */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** A kind of job: its queue's name, its payload's schema and how it is retried and timed out. */
export type JobDefinition<P> = {
  /** The queue's name, `<module>.<verb>` (letters, digits, `.`, `-`, `_`). */
  name: string;
  /** Checked when the job is sent and again when it runs (a payload queued by an older release). */
  payload: z.ZodType<P>;
  /** Retries after the first attempt. */
  retryLimit: number;
  /** The first retry's delay; with `retryBackoff` each later one doubles (pg-boss adds jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** The time-out of one attempt: the handler's `signal` is aborted then and the attempt fails. */
  expireInSeconds: number;
  policy: QueuePolicy;
  /** false: a completed job is deleted at once (a frequent sweep, whose runs would fill the list). */
  keepCompleted: boolean;
};

export type JobOptions<P> = Pick<JobDefinition<P>, 'name' | 'payload'> &
  Partial<Omit<JobDefinition<P>, 'name' | 'payload'>>;

const NAME = /^[a-z][a-z0-9._-]{0,99}$/;

/** A job's definition with the queue's defaults: two retries from 30 s with back-off, 15 minutes an attempt. */
export function defineJob<P>(options: JobOptions<P>): JobDefinition<P> {
  // A retry due at once could be taken before pg-boss has recorded the attempt before it.
  if (options.retryDelaySeconds !== undefined && options.retryDelaySeconds < 1) {
    throw new Error(`${options.name}: retryDelaySeconds must be at least 1.`);
  }
  if (!NAME.test(options.name))
    throw new Error(`A job's name is lower-case letters, digits, '.', '-', '_': ${options.name}`);
  const expireInSeconds = options.expireInSeconds ?? 15 * 60;
  // pg-boss refuses an expiry of 24 hours or more (and its own is ours plus a few seconds).
  if (expireInSeconds < 1 || expireInSeconds > 23 * 3600)
    throw new Error(`${options.name}: expireInSeconds must be 1 s to 23 h.`);
  return {
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    policy: 'standard',
    keepCompleted: true,
    ...options,
    expireInSeconds,
  };
}

/**
 * A periodic clean-up: no payload, and one retry a minute later (the next period runs it again
 * anyway). `options` changes the rest, as for `defineJob`.
 */
export function defineSweepJob(
  name: string,
  options: Omit<JobOptions<Record<string, never>>, 'name' | 'payload'>,
): JobDefinition<Record<string, never>> {
  return defineJob({ name, payload: z.object({}), retryLimit: 1, retryDelaySeconds: 60, ...options });
}

/** What a handler gets beside its payload. */
export type JobContext = {
  id: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  /** Aborted at the attempt's time-out and when the server shuts down; its `reason` says which. */
  signal: AbortSignal;
  /** Stores how far the job has got (shown on the Jobs screen); call it every few steps, not every one. */
  progress: (progress: { done: number; total?: number | null; note?: string | null }) => Promise<void>;
};

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<unknown>;
