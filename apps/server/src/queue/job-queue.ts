import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { ZodError } from 'zod';
import type { Database } from '../db/client.js';
import type { JobContext, JobDefinition, JobHandler } from './define-job.js';
import * as repo from './repository.js';

export type { JobView } from './repository.js';

/** The schema pg-boss keeps its tables in: the queue's own, installed and upgraded by pg-boss at start. */
export const QUEUE_SCHEMA = 'pgboss';

/** Why an attempt ended when the server stopped under it (it is retried if it has retries left). */
/** How long `drain` waits for a job of its queue that another worker is running. */
const DRAIN_WAIT_MS = 30_000;
export const SHUTDOWN_REASON = 'The server stopped while this job was running.';
export const timedOutReason = (seconds: number) => `Timed out after ${seconds} s.`;

/**
 * pg-boss's own time limit for an attempt is ours plus this: our timer aborts the handler and fails
 * the attempt with a clear reason first; pg-boss's supervisor fails an attempt whose server is gone.
 */
const EXPIRY_GRACE_SECONDS = 5;

/**
 * How often each worker asks for due work. A job sent from this process wakes its worker at once, so
 * polling only finds retries, delayed jobs and (on PostgreSQL) jobs other servers sent. The embedded
 * database serves requests on its one connection: it is asked less often.
 */
const POLLING_SECONDS = { pglite: 5, postgres: 2 } as const;

type SendOptions = {
  /** With a policy other than 'standard', or with `singletonSeconds`: the key a job is unique under. */
  singletonKey?: string;
  /** At most one job per key (or per queue) in each slot of this many seconds. */
  singletonSeconds?: number;
  /** Seconds from now, or a time. */
  startAfter?: number | Date;
};

type Entry = {
  definition: JobDefinition<unknown>;
  handler?: JobHandler<unknown>;
  concurrency: number;
};

class AttemptFailed extends Error {
  constructor(
    message: string,
    readonly progress: repo.StoredProgress | null,
  ) {
    super(message);
  }
}

/**
 * `app.jobs`: the one job queue (pg-boss). Modules define jobs (`defineJob`), give them a worker
 * (`work`) and send them (`send`); periodic work is a `schedule` (cron) or `every` (a timer that only
 * sends a singleton job). Started when the app is ready, stopped when it closes.
 */
export class JobQueue {
  private boss: PgBoss | undefined;
  private readonly entries = new Map<string, Entry>();
  private readonly schedules: { name: string; cron: string }[] = [];
  private readonly periodic: { definition: JobDefinition<unknown>; ms: number }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly workerIds = new Map<string, string[]>();
  private readonly controllers = new Set<AbortController>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly created = new Set<string>();
  private started = false;
  private stopping = false;
  private readonly whenStarted: Promise<void>;
  private markStarted!: () => void;

  constructor(
    private readonly deps: {
      queue: NonNullable<Database['queue']>;
      kind: Database['kind'];
      log: FastifyBaseLogger;
    },
  ) {
    this.whenStarted = new Promise((resolve) => {
      this.markStarted = resolve;
    });
  }

  /**
   * Runs `handler` for each job of `definition` (one at a time per server, or `concurrency`). Given
   * while the app is built, the worker starts with the queue; given later (a test), at once.
   */
  async work<P>(
    definition: JobDefinition<P>,
    handler: JobHandler<P>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    if (this.entries.get(definition.name)?.handler) throw new Error(`Two workers for ${definition.name}`);
    const entry: Entry = {
      definition: definition as JobDefinition<unknown>,
      handler: handler as JobHandler<unknown>,
      concurrency: options.concurrency ?? 1,
    };
    this.entries.set(definition.name, entry);
    if (this.started) {
      await this.createQueue(entry.definition);
      await this.startWorkers(entry);
    }
  }

  /** Sends `definition`'s job on this cron (UTC, minute granularity): once across every server. */
  schedule<P>(definition: JobDefinition<P>, cron: string): void {
    this.known(definition);
    this.schedules.push({ name: definition.name, cron });
  }

  /**
   * Sends `definition`'s job every `ms` from every server, as a singleton of that period: one job per
   * period across all servers, run by whichever server's worker takes it. For checks that need a
   * finer period than a cron minute.
   */
  every<P>(definition: JobDefinition<P>, ms: number): void {
    this.known(definition);
    this.periodic.push({ definition: definition as JobDefinition<unknown>, ms });
  }

  private known(definition: JobDefinition<unknown> | JobDefinition<never>) {
    if (!this.entries.has(definition.name)) {
      this.entries.set(definition.name, { definition: definition as JobDefinition<unknown>, concurrency: 1 });
    }
  }

  /** Queues a job; answers its id, or null when a singleton rule refused it (one is queued or running). */
  async send<P>(definition: JobDefinition<P>, payload: P, options: SendOptions = {}): Promise<string | null> {
    const data = definition.payload.parse(payload) as object;
    const boss = await this.ready();
    await this.createQueue(definition as JobDefinition<unknown>);
    const id = await boss.send(definition.name, data, {
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds !== undefined ? { singletonSeconds: options.singletonSeconds } : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    });
    if (id && options.startAfter === undefined) this.wake(definition.name);
    return id;
  }

  /** A job of `definition` by id (an archived one too), or null. */
  async get<P>(definition: JobDefinition<P>, id: string): Promise<repo.JobView | null> {
    return repo.findJob(this.sql(), definition.name, id);
  }

  /** The newest job of `definition` under `singletonKey` (in those states, if given), or null. */
  async latest<P>(
    definition: JobDefinition<P>,
    filter: { singletonKey: string; states?: repo.JobView['state'][] },
  ): Promise<repo.JobView | null> {
    return repo.latestJob(this.sql(), definition.name, filter.singletonKey, filter.states ?? null);
  }

  /** The completed jobs of `definition` still on the queue's live table (newest first). */
  async completed<P>(definition: JobDefinition<P>): Promise<repo.JobView[]> {
    return repo.completedJobs(this.sql(), definition.name);
  }

  /**
   * Replaces a completed job's result, only while it is still `expected` (compared as JSON):
   * answers whether it did, so of two servers doing the same change only one goes on.
   */
  async replaceResult<P>(definition: JobDefinition<P>, id: string, expected: unknown, result: unknown) {
    return repo.replaceResult(this.sql(), definition.name, id, expected, result);
  }

  /** A page of every queue's jobs, newest first (the Jobs screen). */
  list(filter: { state?: repo.JobView['state']; name?: string; limit: number; offset: number }) {
    return repo.listJobs(this.sql(), filter);
  }

  /** Any job by id, whatever its queue. */
  find(id: string): Promise<repo.JobView | null> {
    return repo.findAnyJob(this.sql(), id);
  }

  /** Queues a failed job once more (one more attempt); answers whether it was failed. */
  async retry(job: repo.JobView): Promise<boolean> {
    const boss = await this.ready();
    const { affected } = (await boss.retry(job.name, job.id)) as unknown as { affected: number };
    if (affected > 0) {
      // pg-boss leaves the retry's start time as it was, long past: due now.
      this.wake(job.name);
    }
    return affected > 0;
  }

  /**
   * Runs every due job of `definition` now, in this process, until none is left, and waits for the
   * ones this server's workers took meanwhile; answers how many it ran itself. For tests: a
   * worker's polling is not waited for.
   */
  async drain<P>(definition: JobDefinition<P>): Promise<number> {
    const boss = await this.ready();
    const entry = this.entries.get(definition.name);
    if (!entry?.handler) throw new Error(`No worker for ${definition.name} on this server.`);
    let count = 0;
    const giveUpAt = Date.now() + DRAIN_WAIT_MS;
    for (;;) {
      const [job] = await boss.fetch<object>(definition.name, { includeMetadata: true, batchSize: 1 });
      if (!job) {
        // A job this server's worker took meanwhile has ended too.
        await this.settled();
        // A worker's fetch may have taken a job an instant before this one found none, and not be
        // tracked yet: on PostgreSQL, where workers poll often, a drain then answered before the job
        // ran. Wait while a job of this queue is still active (a dead server's job only so long).
        const active = (await repo.activeJobs(this.sql())).some((queue) => queue.name === definition.name);
        if (!active || Date.now() > giveUpAt) return count;
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      await this.track(this.attempt(entry, job));
      count += 1;
    }
  }

  /** Resolves once every attempt this process is running has ended and its outcome is stored. */
  private async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /**
   * For tests and benches: runs now every due job of the queues this server works (a job just sent
   * may not have reached its worker yet) and resolves once every attempt here has ended.
   */
  async idle(): Promise<void> {
    for (const entry of this.entries.values()) {
      if (entry.handler) await this.drain(entry.definition);
    }
    // An attempt a worker fetched while the drains ran is tracked on its next turn.
    await new Promise((resolve) => setImmediate(resolve));
    await this.settled();
  }

  /** Starts pg-boss (installing or upgrading its schema), the queues, workers and schedules. */
  async start(): Promise<void> {
    const { queue, kind, log } = this.deps;
    const common = {
      schema: QUEUE_SCHEMA,
      // Kept on the live table for the Jobs screen (and a report zip's 24 hours) before archiving.
      archiveCompletedAfterSeconds: 3 * 24 * 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 7,
    };
    const boss =
      'databaseUrl' in queue
        ? new PgBoss({ ...common, connectionString: queue.databaseUrl, max: 2, application_name: 'valence-jobs' })
        : new PgBoss({ ...common, db: { executeSql: (text, values) => queue.executeSql(text, values) } });
    boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    for (const entry of this.entries.values()) await this.createQueue(entry.definition);
    if (kind === 'pglite') await this.failAbandoned();
    for (const entry of this.entries.values()) await this.startWorkers(entry);
    for (const { name, cron } of this.schedules) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    for (const { definition, ms } of this.periodic) {
      const seconds = Math.max(1, Math.round(ms / 1000));
      const tick = () => {
        if (this.stopping) return;
        this.send(definition, {} as never, { singletonSeconds: seconds }).catch((error) =>
          log.warn({ err: error, job: definition.name }, 'could not send a periodic job'),
        );
      };
      const timer = setInterval(tick, ms);
      timer.unref();
      this.timers.push(timer);
    }
    this.started = true;
    this.markStarted();
  }

  /** Aborts this process's attempts (each fails, so retries if it may), then stops pg-boss. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const controller of this.controllers) controller.abort(new Error(SHUTDOWN_REASON));
    await this.settled();
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5000 });
  }

  private async ready(): Promise<PgBoss> {
    if (this.stopping) throw new Error('The job queue has stopped.');
    await this.whenStarted;
    return this.boss as PgBoss;
  }

  private sql(): repo.ExecuteSql {
    const { queue } = this.deps;
    if ('executeSql' in queue) return (text, values) => queue.executeSql(text, values);
    const boss = this.boss;
    if (!boss) throw new Error('The job queue has not started.');
    return (text, values) => boss.getDb().executeSql(text, values ?? []);
  }

  private async createQueue(definition: JobDefinition<unknown>) {
    if (this.created.has(definition.name)) return;
    const boss = this.boss as PgBoss;
    const options = {
      name: definition.name,
      policy: definition.policy,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: definition.expireInSeconds + EXPIRY_GRACE_SECONDS,
    };
    // Idempotent on any server; the update carries a definition's changed settings to an old queue.
    await boss.createQueue(definition.name, options);
    await boss.updateQueue(definition.name, options);
    this.created.add(definition.name);
  }

  /**
   * Fails (so retries, if it may) every job marked active. Run at start on the embedded database,
   * which one process owns: such a job lost its worker when the last process stopped. (Public for
   * tests; on PostgreSQL other servers' jobs are active too, and pg-boss's supervisor fails a job
   * whose server is gone once its time-out has passed.)
   */
  async failAbandoned(): Promise<void> {
    const boss = this.boss as PgBoss;
    for (const { name, ids } of await repo.activeJobs(this.sql())) {
      this.deps.log.warn({ job: name, ids }, 'failing jobs a stopped server was running');
      // One by one: pg-boss's typings offer no payload with a list of ids.
      for (const id of ids) await boss.fail(name, id, { message: SHUTDOWN_REASON });
    }
  }

  private async startWorkers(entry: Entry) {
    if (!entry.handler) return;
    const boss = this.boss as PgBoss;
    const ids: string[] = [];
    for (let i = 0; i < entry.concurrency; i += 1) {
      let id = '';
      id = await boss.work<object>(
        entry.definition.name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLLING_SECONDS[this.deps.kind] },
        // The attempt stores its own outcome; pg-boss's completion after it finds the job no longer
        // active and changes nothing.
        async ([job]) => {
          if (!job) return;
          await this.track(this.attempt(entry, job));
          // A worker that found a job asks again at once (pg-boss would wait out its polling
          // interval after each job: one job per 5 s on the embedded database).
          boss.notifyWorker(id);
        },
      );
      ids.push(id);
    }
    this.workerIds.set(entry.definition.name, ids);
  }

  private wake(name: string) {
    for (const id of this.workerIds.get(name) ?? []) this.boss?.notifyWorker(id);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }

  /** One attempt: the payload checked, the handler run under the time-out, the outcome stored. */
  private async attempt(entry: Entry, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const { definition, handler } = entry;
    const boss = this.boss as PgBoss;
    const controller = new AbortController();
    this.controllers.add(controller);
    const timer = setTimeout(
      () => controller.abort(new Error(timedOutReason(definition.expireInSeconds))),
      definition.expireInSeconds * 1000,
    );
    let progress: repo.StoredProgress | null = null;
    const context: JobContext = {
      id: job.id,
      attempt: job.retryCount + 1,
      signal: controller.signal,
      progress: async (next) => {
        progress = { done: next.done, total: next.total ?? null, note: next.note ?? null };
        await repo.setProgress(this.sql(), definition.name, job.id, progress);
        // The embedded database answers without I/O, so a handler's loop of statements alone would
        // never let a request in: each progress report lets the event loop run.
        await new Promise((resolve) => setImmediate(resolve));
      },
    };
    try {
      const aborted = new Promise<never>((_resolve, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      });
      aborted.catch(() => undefined);
      if (!handler) throw new Error(`No worker for ${definition.name}.`);
      const payload = definition.payload.parse(job.data);
      const result = await Promise.race([handler(payload, context), aborted]);
      await boss.complete(definition.name, job.id, { result: result ?? null, progress });
      if (!definition.keepCompleted) await boss.deleteJob(definition.name, job.id);
    } catch (error) {
      const reason = controller.signal.aborted ? (controller.signal.reason as Error).message : reasonOf(error);
      this.deps.log.warn({ err: error, job: definition.name, id: job.id }, 'job attempt failed');
      const failure = new AttemptFailed(reason, progress);
      await boss
        .fail(definition.name, job.id, { message: failure.message, progress })
        .catch((failed) => this.deps.log.warn({ err: failed, id: job.id }, 'could not record a failed job'));
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof ZodError) {
    return `The job's payload is not valid: ${error.issues.map((issue) => issue.message).join('; ')}`;
  }
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
