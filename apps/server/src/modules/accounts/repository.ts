import type { Role } from '@valence/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, enrollments } from '../../db/schema.js';
import { containsPattern, totalColumn } from '../../lib/paging.js';

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

/** Accounts of those roles, without their password hashes. */
export function listByRoles(db: DbOrTx, roles: Role[]) {
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      name: accounts.name,
      role: accounts.role,
      loggedIn: accounts.loggedIn,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(inArray(accounts.role, roles))
    .orderBy(asc(accounts.id));
}

/** Student accounts whose username contains `q` (any case), and not in course `notInCourse`. */
function studentsWhere(filter: StudentFilter) {
  return and(
    eq(accounts.role, 'ROLE_STUDENT'),
    filter.q ? sql`lower(${accounts.username}) like ${containsPattern(filter.q)}` : undefined,
    filter.notInCourse === undefined
      ? undefined
      : sql`not exists (select 1 from ${enrollments} where ${enrollments.courseId} = ${filter.notInCourse} and ${enrollments.studentId} = ${accounts.id})`,
  );
}

export type StudentFilter = { q?: string | undefined; notInCourse?: number | undefined };

/** Without secrets: only the columns a student answer carries. */
export function listStudents(db: DbOrTx, filter: StudentFilter & { limit: number; offset: number }) {
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      name: accounts.name,
      loggedIn: accounts.loggedIn,
      total: totalColumn(),
    })
    .from(accounts)
    .where(studentsWhere(filter))
    .orderBy(asc(accounts.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export function countStudents(db: DbOrTx, filter: StudentFilter) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(accounts)
    .where(studentsWhere(filter))
    .then((rows) => rows[0]?.count ?? 0);
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

export function setPasswordHash(db: DbOrTx, id: number, passwordHash: string) {
  return db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
}

/** Ends every session of the account: older tokens stop working at once, on every replica. */
export function endSessions(db: DbOrTx, id: number) {
  return db
    .update(accounts)
    .set({ loggedIn: false, sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, id));
}

export { isUniqueViolation } from '../../lib/db-errors.js';
