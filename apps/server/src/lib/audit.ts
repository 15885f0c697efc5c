import { and, asc, desc, eq, getTableColumns, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { countOf, selectCount } from '../db/rows.js';
import { auditLog } from '../db/schema.js';
import { totalOf } from './paging.js';
import type { Principal } from './principal.js';

/** Deletes, grades and publishes are written down (who, what, when), so a changed mark can be traced. */
export async function audit(
  db: DbOrTx,
  actor: Principal | null,
  action: string,
  target: string,
  details?: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorUsername: actor?.username ?? 'system',
    action,
    target,
    details: details ?? null,
  });
}

/** What the audit screen filters by: a person (their id, or a username as recorded), a kind, a time range. */
export type AuditFilter = {
  actorId?: number | undefined;
  actorUsername?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

function auditWhere(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actorId !== undefined ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.actorUsername !== undefined
      ? sql`lower(${auditLog.actorUsername}) = ${filter.actorUsername.toLowerCase()}`
      : undefined,
    filter.action !== undefined ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lte(auditLog.at, filter.to) : undefined,
  );
}

/**
 * One page of entries, newest first (ties by id), with how many match: read backwards off the
 * (actor, at) or (action, at) index when one of them is filtered on, the count beside it.
 */
export function auditPage(db: DbOrTx, filter: AuditFilter, window: { limit: number; offset: number }) {
  const where = auditWhere(filter);
  return db
    .select({
      ...getTableColumns(auditLog),
      total: totalOf(db.select({ count: sql`count(*)` }).from(auditLog).where(where)),
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function auditCount(db: DbOrTx, filter: AuditFilter): Promise<number> {
  return countOf(selectCount(db, auditLog).where(auditWhere(filter)));
}

/** Every kind of entry written so far (a skip scan would be faster; the kinds are few and the list small). */
export async function auditActions(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action));
  return rows.map((row) => row.action);
}
