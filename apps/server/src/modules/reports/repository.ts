import { and, desc, eq, exists, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { findRow } from '../../db/rows.js';
import { reportJobs } from '../../db/schema.js';

export type ReportJobRow = typeof reportJobs.$inferSelect;

const UNFINISHED = ['queued', 'running'] as const;
/** The first key of the advisory lock that serialises starting one course's packs. */
const COURSE_JOBS_LOCK = 7_340_501;

export function insertJob(db: DbOrTx, values: { courseId: number; requestedBy: number; total: number }) {
  return db
    .insert(reportJobs)
    .values(values)
    .returning()
    .then((rows) => rows[0] as ReportJobRow);
}

/** Serialises starting a course's packs until the transaction ends (any server, any process). */
export async function lockCourseJobs(tx: DbOrTx, courseId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${COURSE_JOBS_LOCK}, ${courseId})`);
}

/** The course's newest job that is still queued or running. */
export function findUnfinished(db: DbOrTx, courseId: number): Promise<ReportJobRow | undefined> {
  return db
    .select()
    .from(reportJobs)
    .where(and(eq(reportJobs.courseId, courseId), inArray(reportJobs.status, UNFINISHED)))
    .orderBy(desc(reportJobs.id))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Marks expired the finished jobs that finished before `cutoff` or that a newer finished job of the
 * same course replaces, each with its reason; answers the keys of their zips, to remove.
 */
export async function expireDone(
  db: Db,
  cutoff: Date,
  reasons: { aged: string; superseded: string },
): Promise<string[]> {
  const newer = alias(reportJobs, 'newer');
  const replaced = exists(
    db
      .select({ one: sql`1` })
      .from(newer)
      .where(
        and(
          eq(newer.courseId, reportJobs.courseId),
          eq(newer.status, 'done'),
          sql`(${newer.finishedAt}, ${newer.id}) > (${reportJobs.finishedAt}, ${reportJobs.id})`,
        ),
      ),
  );
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: reportJobs.id, fileKey: reportJobs.fileKey, finishedAt: reportJobs.finishedAt })
      .from(reportJobs)
      .where(and(eq(reportJobs.status, 'done'), or(lt(reportJobs.finishedAt, cutoff), replaced)))
      .for('update');
    const aged = rows.filter((row) => row.finishedAt && row.finishedAt < cutoff).map((row) => row.id);
    const superseded = rows.filter((row) => !aged.includes(row.id)).map((row) => row.id);
    for (const [ids, error] of [
      [aged, reasons.aged],
      [superseded, reasons.superseded],
    ] as const) {
      if (ids.length === 0) continue;
      await tx
        .update(reportJobs)
        .set({ status: 'expired', error, fileKey: null })
        .where(and(inArray(reportJobs.id, ids), eq(reportJobs.status, 'done')));
    }
    return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
  });
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
