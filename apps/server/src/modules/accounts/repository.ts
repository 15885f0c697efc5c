import type { Role } from '@valence/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts } from '../../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;

export function findByUsername(db: DbOrTx, username: string) {
  return db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.username})`, username.toLowerCase()))
    .limit(1)
    .then((rows) => rows[0]);
}

export function findById(db: DbOrTx, id: number) {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export function insertAccount(
  db: DbOrTx,
  values: { username: string; passwordHash: string; role: Role; name?: string | null },
) {
  return db
    .insert(accounts)
    .values(values)
    .returning()
    .then((rows) => rows[0] as AccountRow);
}

export function listByRoles(db: DbOrTx, roles: Role[]) {
  return db.select().from(accounts).where(inArray(accounts.role, roles)).orderBy(asc(accounts.id));
}

export function countByRole(db: DbOrTx, role: Role) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.role, role))
    .then((rows) => rows[0]?.count ?? 0);
}

export function setLoggedIn(db: DbOrTx, id: number, loggedIn: boolean) {
  return db.update(accounts).set({ loggedIn }).where(eq(accounts.id, id));
}

/** Ends every session of the account: older tokens stop working at once, on every replica. */
export function endSessions(db: DbOrTx, id: number) {
  return db
    .update(accounts)
    .set({ loggedIn: false, sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, id));
}

/** Postgres unique violation, as both pg and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
