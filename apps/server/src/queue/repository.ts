import type { JobState } from '@valence/contract';

/**
 * Reads and small writes on pg-boss's own tables (schema `pgboss`, the queue's; see job-queue.ts).
 * pg-boss 10 has no call for these (a page of every queue's jobs, progress while a job runs), so
 * they are written here against its documented columns; nothing else names its tables.
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type StoredProgress = { done: number; total: number | null; note: string | null };

/** One job as the app sees it (pg-boss's states named as the Jobs screen names them). */
export type JobView = {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  progress: StoredProgress | null;
  /** What the handler answered, once completed. */
  result: unknown;
  failureReason: string | null;
  attempts: number;
  retryLimit: number;
  singletonKey: string | null;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
};

type Row = {
  id: string;
  name: string;
  state: string;
  data: unknown;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  singleton_key: string | null;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
};

const COLUMNS =
  'id, name, state::text as state, data, output, retry_count, retry_limit, singleton_key, created_on, started_on, completed_on';

/** pg-boss's own queues (the cron's sender): not work of the app's. */
const APP_JOBS = `name not like '\\_\\_pgboss%'`;

const STATE_OF: Record<string, JobState> = {
  created: 'queued',
  retry: 'retry',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};
const BOSS_STATE: Record<JobState, string> = {
  queued: 'created',
  retry: 'retry',
  running: 'active',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** pg-boss's words for a time-out, when its supervisor (not our timer) ended the attempt. */
const BOSS_TIMEOUT = /^(job failed by timeout in active state|handler execution exceeded)/;
const BOSS_TIMEOUT_REASON = 'Timed out: the server running it stopped or did not finish it in time.';

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function failureOf(output: Record<string, unknown> | null): string | null {
  if (!output) return null;
  const message = output.message ?? asObject(output.value)?.message;
  if (typeof message !== 'string') return null;
  return BOSS_TIMEOUT.test(message) ? BOSS_TIMEOUT_REASON : message;
}

function progressOf(output: Record<string, unknown> | null): StoredProgress | null {
  const progress = asObject(output?.progress);
  if (!progress || typeof progress.done !== 'number') return null;
  return {
    done: progress.done,
    total: typeof progress.total === 'number' ? progress.total : null,
    note: typeof progress.note === 'string' ? progress.note : null,
  };
}

function view(row: Row): JobView {
  const output = asObject(row.output);
  const state = STATE_OF[row.state] ?? 'queued';
  return {
    id: row.id,
    name: row.name,
    state,
    data: row.data,
    progress: progressOf(output),
    result: state === 'completed' ? (output?.result ?? null) : null,
    failureReason: state === 'failed' || state === 'retry' ? failureOf(output) : null,
    // pg-boss counts retries (raised as a retry starts): attempts started are one more once begun.
    attempts: Number(row.retry_count) + (row.started_on ? 1 : 0),
    retryLimit: Number(row.retry_limit),
    singletonKey: row.singleton_key,
    createdOn: new Date(row.created_on),
    startedOn: asDate(row.started_on),
    completedOn: asDate(row.completed_on),
  };
}

export async function listJobs(
  execute: ExecuteSql,
  filter: { state?: JobState | undefined; name?: string | undefined; limit: number; offset: number },
): Promise<{ items: JobView[]; total: number }> {
  const where = `${APP_JOBS} and ($1::text is null or name = $1) and ($2::text is null or state::text = $2)`;
  const params = [filter.name ?? null, filter.state ? BOSS_STATE[filter.state] : null];
  const page = await execute(
    `select ${COLUMNS} from pgboss.job where ${where} order by created_on desc, id desc limit $3 offset $4`,
    [...params, filter.limit, filter.offset],
  );
  const counted = await execute(`select count(*)::int as total from pgboss.job where ${where}`, params);
  return {
    items: (page.rows as Row[]).map(view),
    total: Number((counted.rows[0] as { total: number }).total),
  };
}

export async function findAnyJob(execute: ExecuteSql, id: string): Promise<JobView | null> {
  const { rows } = await execute(`select ${COLUMNS} from pgboss.job where id = $1::uuid and ${APP_JOBS}`, [id]);
  return rows[0] ? view(rows[0] as Row) : null;
}

export async function findJob(execute: ExecuteSql, name: string, id: string): Promise<JobView | null> {
  const { rows } = await execute(
    `select ${COLUMNS} from pgboss.job where name = $1 and id = $2::uuid
     union all select ${COLUMNS} from pgboss.archive where name = $1 and id = $2::uuid
     limit 1`,
    [name, id],
  );
  return rows[0] ? view(rows[0] as Row) : null;
}

export async function latestJob(
  execute: ExecuteSql,
  name: string,
  singletonKey: string,
  states: JobState[] | null,
): Promise<JobView | null> {
  const { rows } = await execute(
    `select ${COLUMNS} from pgboss.job
     where name = $1 and singleton_key = $2 and ($3::text is null or state::text = any(string_to_array($3, ',')))
     order by created_on desc limit 1`,
    [name, singletonKey, states ? states.map((state) => BOSS_STATE[state]).join(',') : null],
  );
  return rows[0] ? view(rows[0] as Row) : null;
}

export async function completedJobs(execute: ExecuteSql, name: string): Promise<JobView[]> {
  const { rows } = await execute(
    `select ${COLUMNS} from pgboss.job where name = $1 and state = 'completed' order by completed_on desc, id desc`,
    [name],
  );
  return (rows as Row[]).map(view);
}

export async function replaceResult(
  execute: ExecuteSql,
  name: string,
  id: string,
  expected: unknown,
  result: unknown,
): Promise<boolean> {
  const { rows } = await execute(
    `update pgboss.job set output = jsonb_set(coalesce(output, '{}'::jsonb), '{result}', $3::jsonb)
     where name = $1 and id = $2::uuid and state = 'completed' and output->'result' = $4::jsonb
     returning id`,
    [name, id, JSON.stringify(result), JSON.stringify(expected)],
  );
  return rows.length > 0;
}

export async function setProgress(execute: ExecuteSql, name: string, id: string, progress: StoredProgress) {
  await execute(
    `update pgboss.job set output = jsonb_build_object('progress', $3::jsonb)
     where name = $1 and id = $2::uuid and state = 'active'`,
    [name, id, JSON.stringify(progress)],
  );
}

/** The jobs still marked active, by queue. */
export async function activeJobs(execute: ExecuteSql): Promise<{ name: string; ids: string[] }[]> {
  const { rows } = await execute(
    `select name, array_agg(id::text) as ids from pgboss.job where state = 'active' group by name`,
    [],
  );
  return rows as { name: string; ids: string[] }[];
}
