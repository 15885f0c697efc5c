import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { findRow } from '../../db/rows.js';
import { resources } from '../../db/schema.js';

export type ResourceRow = typeof resources.$inferSelect;

export function listForCourse(db: DbOrTx, courseId: number) {
  return db
    .select()
    .from(resources)
    .where(eq(resources.courseId, courseId))
    .orderBy(asc(resources.liveAt), asc(resources.id));
}

/** The course's lectures going live after `now`, soonest first; never their links or file keys. */
export function listUpcoming(db: DbOrTx, courseId: number, now: Date) {
  return db
    .select({
      id: resources.id,
      name: resources.name,
      type: resources.type,
      duration: resources.duration,
      liveAt: resources.liveAt,
    })
    .from(resources)
    .where(and(eq(resources.courseId, courseId), gt(resources.liveAt, now)))
    .orderBy(asc(resources.liveAt), asc(resources.id));
}

export function findResource(db: DbOrTx, id: number) {
  return findRow(db, resources, eq(resources.id, id));
}

export function insertResource(db: DbOrTx, values: typeof resources.$inferInsert) {
  return db
    .insert(resources)
    .values(values)
    .returning()
    .then((rows) => rows[0] as ResourceRow);
}

export function deleteResource(db: DbOrTx, id: number) {
  return db.delete(resources).where(eq(resources.id, id));
}

/** Deletes the course's resources; answers the keys of their stored files. */
export async function deleteOfCourse(db: DbOrTx, courseId: number): Promise<string[]> {
  const rows = await db
    .delete(resources)
    .where(eq(resources.courseId, courseId))
    .returning({ key: resources.objectKey });
  return rows.map((row) => row.key).filter((key): key is string => !!key);
}

/** The ids of a course's resources (their renditions are looked up before a course delete takes the rows). */
export function idsOfCourse(db: DbOrTx, courseId: number) {
  return db
    .select({ id: resources.id })
    .from(resources)
    .where(eq(resources.courseId, courseId))
    .then((rows) => rows.map((row) => row.id));
}

/** The server's measured length of an uploaded video (ffprobe) takes the place of the browser's. */
export function setDuration(db: DbOrTx, id: number, duration: number) {
  return db.update(resources).set({ duration }).where(eq(resources.id, id));
}
