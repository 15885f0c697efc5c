import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { findRow } from '../../db/rows.js';
import { reportJobs } from '../../db/schema.js';

export type ReportJobRow = typeof reportJobs.$inferSelect;

const UNFINISHED = ['queued', 'running'] as const;

export function insertJob(db: DbOrTx, values: { courseId: number; requestedBy: number; total: number }) {
  return db
    .insert(reportJobs)
    .values(values)
    .returning()
    .then((rows) => rows[0] as ReportJobRow);
}

export function findJob(db: DbOrTx, id: number): Promise<ReportJobRow | undefined> {
  return findRow(db, reportJobs, eq(reportJobs.id, id));
}

export async function markRunning(db: DbOrTx, id: number, fileKey: string) {
  await db.update(reportJobs).set({ status: 'running', fileKey }).where(eq(reportJobs.id, id));
}

export async function setProgress(db: DbOrTx, id: number, done: number) {
  await db
    .update(reportJobs)
    .set({ done })
    .where(and(eq(reportJobs.id, id), eq(reportJobs.status, 'running')));
}

/** Marks the job done unless it failed meanwhile (timed out, failed by another server); answers whether it did. */
export async function markDone(db: DbOrTx, id: number, done: number): Promise<boolean> {
  const rows = await db
    .update(reportJobs)
    .set({ status: 'done', done, finishedAt: sql`now()` })
    .where(and(eq(reportJobs.id, id), eq(reportJobs.status, 'running')))
    .returning({ id: reportJobs.id });
  return rows.length > 0;
}

/** Fails the job unless it has finished already; answers whether it did. */
export async function markFailed(db: DbOrTx, id: number, error: string): Promise<boolean> {
  const rows = await db
    .update(reportJobs)
    .set({ status: 'failed', error, fileKey: null, finishedAt: sql`now()` })
    .where(and(eq(reportJobs.id, id), inArray(reportJobs.status, UNFINISHED)))
    .returning({ id: reportJobs.id });
  return rows.length > 0;
}

/**
 * Fails every unfinished job created before `before` (all of them without it): jobs whose worker
 * is gone. Answers the keys of the zips they had started, to remove.
 */
export async function failUnfinished(db: DbOrTx, error: string, before?: Date): Promise<string[]> {
  const unfinished = inArray(reportJobs.status, UNFINISHED);
  const rows = await db
    .update(reportJobs)
    .set({ status: 'failed', error, finishedAt: sql`now()` })
    .where(before ? and(unfinished, lt(reportJobs.createdAt, before)) : unfinished)
    .returning({ fileKey: reportJobs.fileKey });
  // The key stays on the row only while the job runs; a failed job points at no file.
  await db
    .update(reportJobs)
    .set({ fileKey: null })
    .where(and(eq(reportJobs.status, 'failed'), sql`${reportJobs.fileKey} is not null`));
  return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
}
