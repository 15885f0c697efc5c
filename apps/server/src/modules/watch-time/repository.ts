import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countRows } from '../../db/rows.js';
import { watchTime } from '../../db/schema.js';
import { contains, totalColumn } from '../../lib/paging.js';

const sortColumns = {
  videoName: watchTime.videoName,
  timestamp: watchTime.timestamp,
  watchedDuration: watchTime.watchedDuration,
} as const;
export type WatchSortField = keyof typeof sortColumns;

/** `studentId` may be a subquery (the accounts module's, from a username): null matches nothing. */
export type WatchFilter = { studentId: number | SQL<number | null>; q?: string | undefined; from?: Date; to?: Date };

function matching(filter: WatchFilter) {
  return and(
    eq(watchTime.studentId, filter.studentId),
    filter.q ? contains(sql`lower(${watchTime.videoName})`, filter.q) : undefined,
    filter.from ? gte(watchTime.timestamp, filter.from) : undefined,
    filter.to ? lte(watchTime.timestamp, filter.to) : undefined,
  );
}

/** A student's records, newest first unless `sort` says otherwise, each with the matching total. */
export function listRecords(
  db: DbOrTx,
  filter: WatchFilter & {
    sort?: { field: WatchSortField; descending: boolean } | undefined;
    limit: number;
    offset: number;
  },
) {
  const sort = filter.sort ?? { field: 'timestamp', descending: true };
  const column = sortColumns[sort.field];
  return db
    .select({
      id: watchTime.id,
      videoName: watchTime.videoName,
      timestamp: watchTime.timestamp,
      watchedDuration: watchTime.watchedDuration,
      total: totalColumn(),
    })
    .from(watchTime)
    .where(matching(filter))
    .orderBy(sort.descending ? desc(column) : asc(column), desc(watchTime.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export function countRecords(db: DbOrTx, filter: WatchFilter): Promise<number> {
  return countRows(db, watchTime, matching(filter));
}

/** All the seconds a student has watched, in one aggregate; null when `studentId` finds no student. */
export function totalSeconds(db: DbOrTx, studentId: SQL<number | null>): Promise<number | null> {
  return db
    .select({
      student: sql<number | null>`${studentId}`,
      seconds: sql<number>`coalesce(sum(${watchTime.watchedDuration}), 0)`.mapWith(Number),
    })
    .from(watchTime)
    .where(eq(watchTime.studentId, studentId))
    .then((rows) => (rows[0]?.student == null ? null : rows[0].seconds));
}

export function insertRecord(db: DbOrTx, values: typeof watchTime.$inferInsert) {
  return db
    .insert(watchTime)
    .values(values)
    .returning()
    .then((rows) => rows[0] as typeof watchTime.$inferSelect);
}

export function deleteRecord(db: DbOrTx, id: number) {
  return db
    .delete(watchTime)
    .where(eq(watchTime.id, id))
    .returning({ id: watchTime.id, studentId: watchTime.studentId, videoName: watchTime.videoName })
    .then((rows) => rows[0]);
}
