import { and, asc, desc, eq, gt, gte, isNotNull, lte, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedWays, preparedWindows, reachCondition } from '../../db/prepared.js';
import { countOf, inIds, selectCount } from '../../db/rows.js';
import { watchTime } from '../../db/schema.js';
import { containsWay, type SearchWay, searchWay, totalColumn } from '../../lib/paging.js';

const sortColumns = {
  videoName: watchTime.videoName,
  timestamp: watchTime.timestamp,
  watchedDuration: watchTime.watchedDuration,
} as const;
export type WatchSortField = keyof typeof sortColumns;

export type WatchPageWay = `${WatchSortField}_${'asc' | 'desc'}_${SearchWay}`;

export function watchPageWay(sort: { field: WatchSortField; descending: boolean } | undefined, q: string | undefined) {
  const { field, descending } = sort ?? { field: 'timestamp', descending: true };
  return `${field}_${descending ? 'desc' : 'asc'}_${searchWay(q)}` as WatchPageWay;
}

/**
 * A student's records as prepared statements (see db/prepared.ts): `page`, one page with the
 * matching total and each record's course title, one statement per sort and search way; `count`,
 * what an empty page asks, one per search way. Both read the same placeholders: the student is
 * `studentId`, SQL over `username` (the accounts module's, null matching nothing); `q`; `from` and
 * `to` (ISO instants, or null for no bound); the page also `limit` and `offset`.
 */
export function recordStatements({
  studentId,
  courseTitleOf,
}: {
  studentId: SQL<number | null>;
  /** The title of the course of the lecture a record names (another module's subquery). */
  courseTitleOf: (lectureId: SQLWrapper) => SQL<string | null>;
}) {
  const matching = (search: SearchWay) =>
    and(
      eq(watchTime.studentId, studentId),
      containsWay(sql`lower(${watchTime.videoName})`, search, sql.placeholder('q')),
      // No bound is an infinite one: one statement with or without the dates.
      gte(watchTime.timestamp, sql`coalesce(${sql.placeholder('from')}::timestamptz, '-infinity')`),
      lte(watchTime.timestamp, sql`coalesce(${sql.placeholder('to')}::timestamptz, 'infinity')`),
    );
  return {
    page: preparedWindows('valence_watch_page', (db, way: WatchPageWay, reach) => {
      const [field, direction, search] = way.split('_') as [WatchSortField, 'asc' | 'desc', SearchWay];
      const column = sortColumns[field];
      return db
        .select({
          id: watchTime.id,
          resourceId: watchTime.resourceId,
          videoName: watchTime.videoName,
          timestamp: watchTime.timestamp,
          watchedDuration: watchTime.watchedDuration,
          courseTitle: courseTitleOf(sql`${watchTime}.resource_id`),
          total: totalColumn(),
        })
        .from(watchTime)
        .where(reachCondition(matching(search), reach))
        .orderBy(direction === 'desc' ? desc(column) : asc(column), desc(watchTime.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    }),
    count: preparedWays((db, way: SearchWay) =>
      selectCount(db, watchTime).where(matching(way)).prepare(`valence_watch_count_${way}`),
    ),
  };
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

/**
 * A heartbeat viewing, locked until the transaction ends so two beats of it take turns and neither
 * loses the other's segments. `elapsed` is the seconds since its last playing beat and `age` the
 * seconds since its first beat, by the database's clock, the same for every server behind a load
 * balancer.
 */
export function lockViewing(db: DbOrTx, studentId: number, viewingKey: string) {
  return db
    .select({
      id: watchTime.id,
      resourceId: watchTime.resourceId,
      segments: watchTime.segments,
      watchedDuration: watchTime.watchedDuration,
      elapsed: sql<number | null>`extract(epoch from (clock_timestamp() - ${watchTime.beatAt}))`.mapWith(Number),
      age: sql<number>`extract(epoch from (clock_timestamp() - ${watchTime.timestamp}))`.mapWith(Number),
    })
    .from(watchTime)
    .where(and(eq(watchTime.studentId, studentId), eq(watchTime.viewingKey, viewingKey)))
    .for('update')
    .then((rows) => rows[0]);
}

/** A viewing's first beat; undefined when a beat of the same viewing created it meanwhile. */
export function insertViewing(
  db: DbOrTx,
  values: Pick<
    typeof watchTime.$inferInsert,
    'studentId' | 'resourceId' | 'videoName' | 'viewingKey' | 'segments' | 'watchedDuration' | 'position'
  >,
) {
  return db
    .insert(watchTime)
    .values({ ...values, timestamp: sql`clock_timestamp()`, beatAt: sql`clock_timestamp()` })
    .onConflictDoNothing({ target: [watchTime.studentId, watchTime.viewingKey] })
    .returning({ id: watchTime.id })
    .then((rows) => rows[0]);
}

/** A namespace for the per-student heartbeat locks, apart from the other advisory-lock spaces. */
const VIEWINGS_LOCK_SPACE = 727_031;

/**
 * The student's beats that would add seconds take turns until the transaction ends, so two new
 * viewings started at once both see each other when counting the viewings playing alongside.
 */
export async function lockStudentViewings(tx: DbOrTx, studentId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${VIEWINGS_LOCK_SPACE}, ${studentId}::int)`);
}

/**
 * How many of the student's other heartbeat viewings of the lecture had a playing beat in the last
 * `seconds` (by the database's clock): the viewings whose counted playing overlaps that time.
 */
export function viewingsPlayedWithin(
  db: DbOrTx,
  {
    studentId,
    resourceId,
    viewingKey,
    seconds,
  }: { studentId: number; resourceId: number; viewingKey: string; seconds: number },
): Promise<number> {
  return countOf(
    selectCount(db, watchTime).where(
      and(
        eq(watchTime.studentId, studentId),
        eq(watchTime.resourceId, resourceId),
        isNotNull(watchTime.viewingKey),
        ne(watchTime.viewingKey, viewingKey),
        gt(watchTime.beatAt, sql`clock_timestamp() - make_interval(secs => ${seconds})`),
      ),
    ),
  );
}

/** A later beat: the merged segments and their total, the position; `played` moves the beat time. */
export function updateViewing(
  db: DbOrTx,
  id: number,
  values: { segments: [number, number][]; watchedDuration: number; position: number; played: boolean },
) {
  return db
    .update(watchTime)
    .set({
      segments: values.segments,
      watchedDuration: values.watchedDuration,
      position: values.position,
      ...(values.played ? { beatAt: sql`clock_timestamp()` } : {}),
    })
    .where(eq(watchTime.id, id));
}

/** Where the student's latest heartbeat viewing of the lecture stood; undefined when there is none. */
export function latestPosition(db: DbOrTx, studentId: number, resourceId: number) {
  return db
    .select({ position: watchTime.position })
    .from(watchTime)
    .where(
      and(eq(watchTime.studentId, studentId), eq(watchTime.resourceId, resourceId), isNotNull(watchTime.viewingKey)),
    )
    .orderBy(desc(watchTime.beatAt), desc(watchTime.id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Every record of the student for these lectures: its played parts (null for a record posted whole) and seconds. */
export function playedOf(db: DbOrTx, studentId: number, resourceIds: readonly number[]) {
  return db
    .select({ resourceId: watchTime.resourceId, segments: watchTime.segments, seconds: watchTime.watchedDuration })
    .from(watchTime)
    .where(and(eq(watchTime.studentId, studentId), inIds(watchTime.resourceId, resourceIds)));
}
