import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accountDevices, accounts } from '../../db/schema.js';

export type DeviceRow = typeof accountDevices.$inferSelect;
export type DeviceEndReason = NonNullable<DeviceRow['endedReason']>;

/** A row whose token may still be in use: not ended, of the account's session version, not expired. */
const liveDevice = (since: Date) =>
  and(
    isNull(accountDevices.endedAt),
    // Written out in full: drizzle leaves a column's table off when the statement reads one table.
    sql`"account_devices"."session_version" = (select a.session_version from "accounts" a where a.id = "account_devices"."account_id")`,
    gt(accountDevices.createdAt, since),
  );

/**
 * A sign-in on a new device, inside the caller's transaction: the account is locked (two sign-ins at
 * once must not both see room for one more), rows older than any token are dropped, the new row is
 * written, and every live row beyond `limit`, oldest first, is ended as `replaced`. Answers the ids
 * ended.
 */
export async function registerDevice(
  tx: DbOrTx,
  device: { id: string; accountId: number; sessionVersion: number; userAgent: string },
  limit: number,
  now: Date,
  since: Date,
): Promise<string[]> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, device.accountId)).for('update');
  await tx
    .delete(accountDevices)
    .where(and(eq(accountDevices.accountId, device.accountId), lt(accountDevices.createdAt, since)));
  await tx.insert(accountDevices).values({ ...device, createdAt: now, lastSeenAt: now });
  const live = tx
    .select({ id: accountDevices.id })
    .from(accountDevices)
    .where(and(eq(accountDevices.accountId, device.accountId), liveDevice(since)))
    .orderBy(desc(accountDevices.createdAt), desc(accountDevices.id))
    .offset(limit);
  const ended = await tx
    .update(accountDevices)
    .set({ endedAt: now, endedReason: 'replaced' })
    .where(sql`${accountDevices.id} in (${live})`)
    .returning({ id: accountDevices.id });
  return ended.map((row) => row.id);
}

/** The account's live devices, the most recently seen first. */
export function liveDevices(db: DbOrTx, accountId: number, since: Date) {
  return db
    .select()
    .from(accountDevices)
    .where(and(eq(accountDevices.accountId, accountId), liveDevice(since)))
    .orderBy(desc(accountDevices.lastSeenAt), desc(accountDevices.id));
}

/** Ends one live device of the account; undefined when there is no such live device. */
export function endDevice(db: DbOrTx, accountId: number, id: string, reason: DeviceEndReason, now: Date, since: Date) {
  return db
    .update(accountDevices)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(accountDevices.id, id), eq(accountDevices.accountId, accountId), liveDevice(since)))
    .returning()
    .then((rows) => rows[0]);
}

/** When the device was last seen; it announces nothing (the trigger fires only when a row ends). */
export function touchDevice(db: DbOrTx, id: string, now: Date) {
  return db
    .update(accountDevices)
    .set({ lastSeenAt: now })
    .where(and(eq(accountDevices.id, id), isNull(accountDevices.endedAt)));
}

/**
 * The account's ended devices and why, as `{ id: reason }` (null when none): a subquery for the
 * session read, so a token of an ended device is refused with its reason from memory.
 */
export const endedDevicesSql = sql<Record<
  string,
  DeviceEndReason
> | null>`(select json_object_agg(d.id, d.ended_reason) from ${accountDevices} d where d.account_id = "accounts"."id" and d.ended_at is not null)`;

/** `endedDevicesSql`'s value as read: json arrives parsed from one driver and as text from another. */
export function endedDevicesOf(value: unknown): Record<string, DeviceEndReason> | null {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, DeviceEndReason>) : null;
}

/** The account a sign-in checks (any case of its username), with its ended devices as the session keeps them. */
export function findForSignIn(db: DbOrTx, username: string) {
  return db
    .select({ account: accounts, endedDevices: endedDevicesSql })
    .from(accounts)
    .where(eq(sql`lower(${accounts.username})`, username.toLowerCase()))
    .limit(1)
    .then((rows) => rows[0] && { ...rows[0].account, endedDevices: endedDevicesOf(rows[0].endedDevices) });
}
