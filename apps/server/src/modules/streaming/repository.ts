import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { findRow } from '../../db/rows.js';
import { videoStreams } from '../../db/schema.js';

export type StreamRow = typeof videoStreams.$inferSelect;

/** Queues a (new or replaced) video's transcode; a row already there starts over. */
export function queue(db: DbOrTx, resourceId: number, now: Date) {
  return db
    .insert(videoStreams)
    .values({ resourceId, state: 'queued', updatedAt: now })
    .onConflictDoUpdate({
      target: videoStreams.resourceId,
      set: { state: 'queued', progress: 0, error: null, attempts: 0, updatedAt: now },
    });
}

export function ofResources(db: DbOrTx, resourceIds: number[]) {
  if (resourceIds.length === 0) return Promise.resolve([] as StreamRow[]);
  return db.select().from(videoStreams).where(inArray(videoStreams.resourceId, resourceIds));
}

export function find(db: DbOrTx, resourceId: number) {
  return findRow(db, videoStreams, eq(videoStreams.resourceId, resourceId));
}

/** A transcode starts: the row (queued, or left processing by a server that stopped) is this attempt's. */
export async function start(db: DbOrTx, resourceId: number, workPrefix: string) {
  const [row] = await db
    .update(videoStreams)
    .set({
      state: 'processing',
      progress: 0,
      error: null,
      attempts: sql`${videoStreams.attempts} + 1`,
      workPrefix,
      updatedAt: new Date(),
    })
    .where(and(eq(videoStreams.resourceId, resourceId), inArray(videoStreams.state, ['queued', 'processing'])))
    .returning();
  return row ?? null;
}

/** The rows still waiting for their job, for a start-up to send any whose job was lost. */
export function queuedIds(db: DbOrTx) {
  return db
    .select({ id: videoStreams.resourceId })
    .from(videoStreams)
    .where(eq(videoStreams.state, 'queued'))
    .then((rows) => rows.map((row) => row.id));
}

/** A transcode's progress; false when the row is gone or another attempt took it over. */
export async function progress(db: DbOrTx, resourceId: number, workPrefix: string, fraction: number) {
  const rows = await db
    .update(videoStreams)
    .set({ progress: fraction, updatedAt: new Date() })
    .where(
      and(
        eq(videoStreams.resourceId, resourceId),
        eq(videoStreams.state, 'processing'),
        eq(videoStreams.workPrefix, workPrefix),
      ),
    )
    .returning({ id: videoStreams.resourceId });
  return rows.length > 0;
}

/** The transcode's files are in place: answers the row as it was (its old prefix is to be removed), or null when gone. */
export async function finish(
  db: DbOrTx,
  resourceId: number,
  workPrefix: string,
  values: { renditions: StreamRow['renditions']; duration: number },
) {
  return db.transaction(async (tx) => {
    const before = await tx
      .select()
      .from(videoStreams)
      .where(and(eq(videoStreams.resourceId, resourceId), eq(videoStreams.workPrefix, workPrefix)))
      .for('update');
    const row = before[0];
    if (!row) return null;
    await tx
      .update(videoStreams)
      .set({
        state: 'ready',
        progress: 1,
        error: null,
        prefix: workPrefix,
        workPrefix: null,
        renditions: values.renditions,
        duration: values.duration,
        updatedAt: new Date(),
      })
      .where(eq(videoStreams.resourceId, resourceId));
    return row;
  });
}

export function fail(db: DbOrTx, resourceId: number, workPrefix: string, reason: string) {
  return db
    .update(videoStreams)
    .set({ state: 'failed', error: reason, workPrefix: null, updatedAt: new Date() })
    .where(and(eq(videoStreams.resourceId, resourceId), eq(videoStreams.workPrefix, workPrefix)));
}

/** An attempt that stopped for a reason that may pass (the server closing): queued again for its retry. */
export function requeue(db: DbOrTx, resourceId: number, workPrefix: string) {
  return db
    .update(videoStreams)
    .set({ state: 'queued', workPrefix: null, updatedAt: new Date() })
    .where(and(eq(videoStreams.resourceId, resourceId), eq(videoStreams.workPrefix, workPrefix)));
}

/** The prefixes of every stored rendition and of every transcode writing now (for sweep-files). */
export async function allPrefixes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ prefix: videoStreams.prefix, workPrefix: videoStreams.workPrefix })
    .from(videoStreams)
    .where(sql`${videoStreams.prefix} is not null or ${videoStreams.workPrefix} is not null`);
  return rows.flatMap((row) => [row.prefix, row.workPrefix].filter((p): p is string => !!p));
}
