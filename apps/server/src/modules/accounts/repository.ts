import type { Language, Role } from '@valence/contract';
import {
  and,
  asc,
  type Column,
  eq,
  inArray,
  ne,
  not,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedWindows, reachCondition } from '../../db/prepared.js';
import { countOf, countRows, findRow, inIds, lockRow, selectCount } from '../../db/rows.js';
import { accounts } from '../../db/schema.js';
import { contains, containsWay, type SearchWay, searchValue, searchWay, totalOf } from '../../lib/paging.js';
import { type DeviceEndReason, endedDevicesOf, endedDevicesSql } from './devices-repository.js';

export type AccountRow = typeof accounts.$inferSelect;
/**
 * What a bearer token is checked on every request against; `endedDevices`: a student's devices
 * signed out on purpose, and why (a token carrying one is refused with its reason).
 */
export type Session = {
  id: number;
  username: string;
  role: Role;
  sessionVersion: number;
  endedDevices: Record<string, DeviceEndReason> | null;
};

/** The account of this username, in any case (the unique index is on `lower(username)`). */
const usernameIs = (username: string) => eq(sql`lower(${accounts.username})`, username.toLowerCase());

export function findByUsername(db: DbOrTx, username: string) {
  return findRow(db, accounts, usernameIs(username));
}

/**
 * The id of the student with this username (any case), or null: a subquery for another module's
 * statement, so a call naming a student by username costs one round trip, not two.
 */
export function studentIdByUsername(username: string | Placeholder): SQL<number | null> {
  // A placeholder (a prepared statement's) is lowered by PostgreSQL: lower() of a value still uses the index.
  const named =
    typeof username === 'string' ? usernameIs(username) : eq(sql`lower(${accounts.username})`, sql`lower(${username})`);
  const student = and(named, eq(accounts.role, 'ROLE_STUDENT'));
  return sql<number | null>`(select ${accounts.id} from ${accounts} where ${student})`;
}

/**
 * The ids of the named students, or of every student whose username or name contains `q` (all of them
 * without one): a query for another module's statement, so a bulk enrolment is one round trip.
 */
export function studentIdsSql(students: { ids: number[] } | { q: string | undefined }): SQL<number> {
  const matching =
    'ids' in students
      ? // One array parameter (the ids are validated integers), not one parameter per student.
        sql`a.id = any(${`{${students.ids.join(',')}}`}::int[])`
      : students.q
        ? sql`(${contains(sql`a.username_lower`, students.q)} or ${contains(sql`a.name_lower`, students.q)})`
        : sql`true`;
  return sql<number>`select a.id from accounts a where a.role = 'ROLE_STUDENT' and ${matching}`;
}

export function findById(db: DbOrTx, id: number) {
  return findRow(db, accounts, eq(accounts.id, id));
}

export function insertAccount(
  db: DbOrTx,
  values: { username: string; passwordHash: string; role: Role; name?: string | null | undefined },
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
      disabled: accounts.disabled,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(inArray(accounts.role, roles))
    .orderBy(asc(accounts.id));
}

/** Student accounts whose username or name contains `q` (any case), less those `exclude` holds for. */
function studentsWhere(filter: StudentFilter) {
  return studentsWhereWay(searchWay(filter.q), sql.param(searchValue(filter.q)), filter.exclude);
}

/** `studentsWhere` with the search written `way`, its value given apart (a placeholder when prepared). */
function studentsWhereWay(way: SearchWay, q: Placeholder | SQLWrapper, exclude?: StudentFilter['exclude']) {
  return and(
    eq(accounts.role, 'ROLE_STUDENT'),
    nameOrUsernameContains(way, q),
    exclude ? not(exclude(accounts.id)) : undefined,
  );
}

/** Each column has its own trigram index: PostgreSQL ORs the two index scans (a BitmapOr). */
function nameOrUsernameContains(way: SearchWay, q: Placeholder | SQLWrapper) {
  const username = containsWay(accounts.usernameLower, way, q);
  const name = containsWay(accounts.nameLower, way, q);
  return username && name ? or(username, name) : undefined;
}

export type StudentFilter = {
  q?: string | undefined;
  /**
   * A condition on the account id from another module (e.g. "enrolled in course 7"), so the page
   * and its total stay one statement without this module knowing that module's tables.
   */
  exclude?: ((accountId: Column) => SQL) | undefined;
};

/** Without secrets: only the columns a student answer carries; with the total unless `counted`. */
function studentsSelect(db: DbOrTx, where: SQL | undefined, counted: boolean) {
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      name: accounts.name,
      loggedIn: accounts.loggedIn,
      ...(counted ? {} : { total: totalOf(selectCount(db, accounts).where(where)) }),
    })
    .from(accounts)
    .where(where)
    .orderBy(asc(accounts.id));
}

type StudentPageWay = `${'counted' | 'totalled'}_${SearchWay}`;

/** The Students screen's pages: one prepared statement per way of asking (see db/prepared.ts). */
const studentPage = preparedWindows('valence_student_page', (db, way: StudentPageWay, reach) => {
  const [counting, search] = way.split('_') as ['counted' | 'totalled', SearchWay];
  return studentsSelect(
    db,
    reachCondition(studentsWhereWay(search, sql.placeholder('q')), reach),
    counting === 'counted',
  )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
});

/**
 * A page of students, each row with the total unless `counted` says the caller counts apart. Only
 * an `exclude` (another module's condition) builds its statement each time.
 */
export function listStudents(
  db: DbOrTx,
  filter: StudentFilter & { limit: number; offset: number; counted?: boolean },
): Promise<{ id: number; username: string; name: string | null; loggedIn: boolean; total?: number }[]> {
  const counted = filter.counted ?? false;
  if (filter.exclude) {
    return studentsSelect(db, studentsWhere(filter), counted).limit(filter.limit).offset(filter.offset);
  }
  const way: StudentPageWay = `${counted ? 'counted' : 'totalled'}_${searchWay(filter.q)}`;
  return studentPage(db, way, filter).execute({ q: searchValue(filter.q), limit: filter.limit, offset: filter.offset });
}

const countQuery = (db: DbOrTx, filter: StudentFilter) => selectCount(db, accounts).where(studentsWhere(filter));

export function countStudents(db: DbOrTx, filter: StudentFilter) {
  return countOf(countQuery(db, filter));
}

export function countByRole(db: DbOrTx, role: Role) {
  return countRows(db, accounts, eq(accounts.role, role));
}

/** Which of these ids are student accounts. */
export function studentIdsAmong(db: DbOrTx, ids: number[]): Promise<number[]> {
  return db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.role, 'ROLE_STUDENT'), inIds(accounts.id, ids)))
    .then((rows) => rows.map((row) => row.id));
}

/** What a bearer token is checked against: the account's role and current session version. */
export function findSession(db: DbOrTx, id: number): Promise<Session | undefined> {
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      role: accounts.role,
      sessionVersion: accounts.sessionVersion,
      endedDevices: endedDevicesSql,
    })
    .from(accounts)
    .where(eq(accounts.id, id))
    .limit(1)
    .then((rows) => rows[0] && { ...rows[0], endedDevices: endedDevicesOf(rows[0].endedDevices) });
}

/** An account's own settings (the students' app's language and Data saver); undefined when it is gone. */
export function findSettings(db: DbOrTx, id: number): Promise<AccountSettings | undefined> {
  return db
    .select({ language: accounts.language, dataSaver: accounts.dataSaver })
    .from(accounts)
    .where(eq(accounts.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export type AccountSettings = { language: Language | null; dataSaver: boolean };

/** Changes only the settings given; answers them all, or undefined when the account is gone. */
export function updateSettings(
  db: DbOrTx,
  id: number,
  values: { language?: Language | undefined; dataSaver?: boolean | undefined },
): Promise<AccountSettings | undefined> {
  return db
    .update(accounts)
    .set({
      ...(values.language === undefined ? {} : { language: values.language }),
      ...(values.dataSaver === undefined ? {} : { dataSaver: values.dataSaver }),
    })
    .where(eq(accounts.id, id))
    .returning({ language: accounts.language, dataSaver: accounts.dataSaver })
    .then((rows) => rows[0]);
}

/** Writes only when the flag changes: a student signing in again costs no write. */
export function setLoggedIn(db: DbOrTx, id: number, loggedIn: boolean) {
  return db
    .update(accounts)
    .set({ loggedIn })
    .where(and(eq(accounts.id, id), ne(accounts.loggedIn, loggedIn)));
}

export function setPasswordHash(db: DbOrTx, id: number, passwordHash: string) {
  return db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
}

/** Sends `payload` to every server listening on `channel`, once the caller's transaction commits. */
export async function notify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Ends every session of the account (AccountsService.endSessions makes every server hear it). */
export function endSessions(db: DbOrTx, id: number) {
  return db
    .update(accounts)
    .set({ loggedIn: false, sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, id));
}

/**
 * A new password from the account's owner: every token issued before stops working (the session
 * version moves on) and the new version is answered, to sign the caller's own fresh token.
 * `logged_in` stays: the owner is still signed in, on the device that asked.
 */
export function changePassword(db: DbOrTx, id: number, passwordHash: string) {
  return db
    .update(accounts)
    .set({ passwordHash, sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, id))
    .returning({ id: accounts.id, role: accounts.role, sessionVersion: accounts.sessionVersion })
    .then((rows) => rows[0]);
}

export function updateAccount(
  db: DbOrTx,
  id: number,
  values: { username: string; passwordHash?: string; name?: string | null },
) {
  return db
    .update(accounts)
    .set(values)
    .where(eq(accounts.id, id))
    .returning({ id: accounts.id, username: accounts.username, name: accounts.name, loggedIn: accounts.loggedIn })
    .then((rows) => rows[0]);
}

/** Enrolments, watch records and submissions go with the account (foreign-key cascades). */
export function deleteAccount(db: DbOrTx, id: number) {
  return db
    .delete(accounts)
    .where(eq(accounts.id, id))
    .returning({ id: accounts.id, username: accounts.username })
    .then((rows) => rows[0]);
}

/**
 * The enabled superadmins, locked until the transaction ends: two changes that would each leave
 * one of two superadmins take turns, and the second sees the first's result (PostgreSQL reads a
 * locked row again once its lock is released, and skips it if it no longer matches).
 */
export function lockEnabledSuperadmins(tx: DbOrTx): Promise<number[]> {
  return tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.role, 'ROLE_SUPERADMIN'), eq(accounts.disabled, false)))
    .orderBy(asc(accounts.id))
    .for('update')
    .then((rows) => rows.map((row) => row.id));
}

/**
 * A staff account's new role, disabled flag or password hash. Any of them ends its sessions: a
 * disabled account must be out at once, a new password must shut out whoever had the old one, and
 * after a new role the portal reads the roles again at sign-in.
 */
export function updateStaff(
  tx: DbOrTx,
  id: number,
  values: { role?: Role | undefined; disabled?: boolean | undefined; passwordHash?: string | undefined },
) {
  return tx
    .update(accounts)
    .set({ ...values, loggedIn: false, sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, id))
    .returning({
      id: accounts.id,
      username: accounts.username,
      role: accounts.role,
      disabled: accounts.disabled,
      createdAt: accounts.createdAt,
    })
    .then((rows) => rows[0]);
}

export async function lockAccount(tx: DbOrTx, id: number): Promise<boolean> {
  return (await lockRow(tx, accounts, eq(accounts.id, id), 'update')) !== undefined;
}

/** Which of these usernames (lower case) an account has already, staff's too, as the accounts spell them. */
export function takenUsernames(db: DbOrTx, lowered: readonly string[]): Promise<string[]> {
  if (lowered.length === 0) return Promise.resolve([]);
  return db
    .select({ username: accounts.username })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = any(${sql.param(lowered)}::text[])`)
    .then((rows) => rows.map((row) => row.username));
}

/** Many student accounts in one statement (an import), in the order given. */
export async function insertStudents(
  db: DbOrTx,
  values: readonly { username: string; passwordHash: string; name: string | null }[],
): Promise<AccountRow[]> {
  const rows = await db
    .insert(accounts)
    .values(values.map((value) => ({ ...value, role: 'ROLE_STUDENT' as const })))
    .returning();
  // RETURNING's order is not promised: matched back by username.
  const byName = new Map(rows.map((row) => [row.username, row]));
  return values.map((value) => byName.get(value.username) as AccountRow);
}
