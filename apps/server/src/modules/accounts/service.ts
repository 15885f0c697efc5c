import { randomUUID } from 'node:crypto';
import type { Role } from '@valence/contract';
import type { Placeholder } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Db, DbOrTx } from '../../db/client.js';
import { BoundedMap } from '../../lib/bounded-map.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict } from '../../lib/errors.js';
import { TRIGRAM } from '../../lib/paging.js';
import { hashPassword } from '../../lib/passwords.js';
import * as devices from './devices-repository.js';
import { ACCOUNT_CHANGED, COUNTS_CHANGED, HeardCache, Hearing } from './heard-cache.js';
import * as repo from './repository.js';

/** An account as the service hands it out; other modules read accounts only through the service. */
export type AccountRow = repo.AccountRow;

/**
 * The one account table behind staff, students and sign-in. Other modules read and change
 * accounts only through here; hashes never leave it except to the password check.
 */
export class AccountsService {
  private readonly db: Db;
  /** Sessions by account id. */
  private readonly sessions: HeardCache<number, repo.Session>;
  /**
   * Student counts that read every student (all of them, or a `q` too short for the trigram index),
   * by `q`: the Students screen asks again for each page and for each staff member typing.
   */
  private readonly studentCounts: HeardCache<string, number>;
  /** When this server last wrote each device's last-seen time (see seenDevice). */
  private readonly deviceSeen = new BoundedMap<string, number>(20_000);
  /** Whether this server has heard every account change: PostgreSQL's reach other servers late. */
  private readonly hearing: Hearing;

  /** Command-line tools, which keep nothing between requests, may leave `databaseKind` out. */
  constructor({ db, databaseKind }: Pick<FastifyInstance, 'db'> & Partial<Pick<FastifyInstance, 'databaseKind'>>) {
    this.db = db;
    this.hearing = new Hearing(
      databaseKind === 'postgres' ? (payload) => repo.notify(this.db, ACCOUNT_CHANGED, payload) : undefined,
    );
    const hearing = this.hearing;
    this.sessions = new HeardCache((id) => repo.findSession(this.db, id), { hearing });
    this.studentCounts = new HeardCache((q) => repo.countStudents(this.db, { q: q || undefined }), {
      maxEntries: 2_000,
      hearing,
    });
  }

  /**
   * Keeps checked sessions and student counts in memory while every account change is heard (see
   * HeardCache); resolves to what stops listening.
   */
  async watchChanges(listen: Database['listen'], log: FastifyBaseLogger): Promise<() => Promise<void>> {
    const stop = await listen(
      ACCOUNT_CHANGED,
      (payload) => {
        if (this.hearing.heard(payload)) return;
        const [id, counts] = payload.split(' ');
        this.changed(Number(id), counts === COUNTS_CHANGED);
      },
      (error) => {
        this.sessions.stop();
        this.studentCounts.stop();
        this.hearing.stop();
        log.warn({ err: error }, 'Account changes are no longer heard: sessions are checked in the database only.');
      },
      () => {
        // Nothing kept survived the gap (stop cleared it), and nothing is used until a new marker is heard.
        this.hearing.start();
        this.sessions.start();
        this.studentCounts.start();
        log.info('Account changes are heard again: sessions are kept in memory again.');
      },
    );
    this.sessions.start();
    this.studentCounts.start();
    return async () => {
      this.sessions.stop();
      this.studentCounts.stop();
      this.hearing.stop();
      await stop();
    };
  }

  /** Usernames are unique across staff and students, case-insensitively. */
  async create(input: {
    username: string;
    password: string;
    role: Role;
    name?: string | null | undefined;
  }): Promise<repo.AccountRow> {
    if (await repo.findByUsername(this.db, input.username)) {
      throw conflict(`Username '${input.username}' is already taken.`);
    }
    try {
      const row = await repo.insertAccount(this.db, {
        username: input.username,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        name: input.name,
      });
      this.changed(row.id, true);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Username '${input.username}' is already taken.`);
      throw error;
    }
  }

  findByUsername(username: string) {
    return repo.findByUsername(this.db, username);
  }

  /**
   * The account a sign-in checks, its session kept as `findSession` would keep it: the first request
   * with the new token (a student's exam list, as a class opens its paper together) then needs no
   * read of it. Other lookups by username use `findByUsername` and keep nothing.
   */
  findForSignIn(username: string) {
    return this.sessions.keepFrom(
      () => devices.findForSignIn(this.db, username),
      (row): [number, repo.Session] | undefined =>
        row && [
          row.id,
          {
            id: row.id,
            username: row.username,
            role: row.role,
            sessionVersion: row.sessionVersion,
            endedDevices: row.endedDevices,
          },
        ],
    );
  }

  /** See repo.studentIdByUsername: the student's id as SQL to embed, null when there is none. */
  studentIdSql(username: string | Placeholder) {
    return repo.studentIdByUsername(username);
  }

  /** See repo.studentIdsSql: the students' ids as a query to embed. */
  studentIdsSql(students: { ids: number[] } | { q: string | undefined }) {
    return repo.studentIdsSql(students);
  }

  findById(id: number) {
    return repo.findById(this.db, id);
  }

  /** The session a token is checked against: from memory when this server has it (see HeardCache). */
  findSession(id: number) {
    return this.sessions.get(id);
  }

  listByRoles(roles: Role[]) {
    return repo.listByRoles(this.db, roles);
  }

  /** A page of students; its rows carry the total unless `countStudents` keeps it (see `kept`). */
  listStudents(filter: repo.StudentFilter & { limit: number; offset: number }) {
    return repo.listStudents(this.db, { ...filter, counted: kept(filter) });
  }

  async countStudents(filter: repo.StudentFilter): Promise<number> {
    if (!kept(filter)) return repo.countStudents(this.db, filter);
    return (await this.studentCounts.get(filter.q ?? '')) ?? 0;
  }

  countByRole(role: Role) {
    return repo.countByRole(this.db, role);
  }

  studentIdsAmong(ids: number[]) {
    return repo.studentIdsAmong(this.db, ids);
  }

  /** See repo.takenUsernames: which of these usernames are taken already, in any case. */
  takenUsernames(usernames: readonly string[]) {
    return repo.takenUsernames(this.db, [...new Set(usernames.map((name) => name.toLowerCase()))]);
  }

  /**
   * Students made together inside the caller's transaction (an import), their passwords hashed
   * before it began. A username taken meanwhile is a 409, as in `create`.
   */
  async createStudents(
    tx: DbOrTx,
    values: readonly { username: string; passwordHash: string; name: string | null }[],
  ): Promise<repo.AccountRow[]> {
    try {
      const rows = await repo.insertStudents(tx, values);
      for (const row of rows) this.changed(row.id, true);
      return rows;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A username of the file was taken meanwhile; check the file again.');
      throw error;
    }
  }

  /** An account changed: its session is read again, and any count of students when it may differ. */
  private changed(id: number, counts: boolean) {
    this.sessions.forget(id);
    if (counts) this.studentCounts.clear();
  }

  // The signed-in flag and a rehashed password change nothing a server keeps (a session is the id,
  // username, role and session version): the accounts trigger does not announce them either, so a
  // class signing in does not drop sessions on every server.
  async setLoggedIn(id: number, loggedIn: boolean): Promise<void> {
    await repo.setLoggedIn(this.db, id, loggedIn);
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await repo.setPasswordHash(this.db, id, passwordHash);
  }

  /**
   * The account's own settings. Not kept in memory: no server keeps them, so the accounts trigger
   * need not announce their changes, and only `GET /me` reads them.
   */
  findSettings(id: number) {
    return repo.findSettings(this.db, id);
  }

  updateSettings(id: number, values: Parameters<typeof repo.updateSettings>[2]) {
    return repo.updateSettings(this.db, id, values);
  }

  /** Answers once no server accepts the account's older tokens (see Hearing.settle). */
  async endSessions(id: number): Promise<void> {
    await repo.endSessions(this.db, id);
    this.changed(id, false);
    await this.hearing.settle();
  }

  /**
   * The owner's new password: older tokens of the account stop working everywhere before this
   * answers (see Hearing.settle). Answers what a new token is signed with, or undefined when the
   * account was deleted meanwhile.
   */
  async changePassword(id: number, password: string) {
    const row = await repo.changePassword(this.db, id, await hashPassword(password));
    this.changed(id, false);
    if (row) await this.hearing.settle();
    return row;
  }

  /**
   * A new username (unique, any case), the name when given (null clears it) and, when given, a new
   * password, which ends old sessions.
   */
  async update(
    id: number,
    input: { username: string; password?: string | undefined; name?: string | null | undefined },
  ) {
    const holder = await repo.findByUsername(this.db, input.username);
    if (holder && holder.id !== id) throw conflict(`Username '${input.username}' is already taken.`);
    try {
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const row = await repo.updateAccount(this.db, id, {
        username: input.username,
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.name === undefined ? {} : { name: input.name }),
      });
      if (row && passwordHash) await repo.endSessions(this.db, id);
      this.changed(id, true);
      if (row && passwordHash) await this.hearing.settle();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Username '${input.username}' is already taken.`);
      throw error;
    }
  }

  /**
   * A staff account's new role, disabled flag or password, which ends its sessions everywhere before
   * this answers (see Hearing.settle). `check` sees the account and the enabled superadmins, locked
   * until the change commits, and throws to refuse it. Undefined when there is no such staff account.
   */
  async updateStaff(
    id: number,
    input: { role?: Role | undefined; disabled?: boolean | undefined; password?: string | undefined },
    check: (account: repo.AccountRow, enabledSuperadmins: number[]) => void,
  ) {
    // Hashed before the locks are taken: it is the slow part.
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const row = await this.db.transaction(async (tx) => {
      const enabledSuperadmins = await repo.lockEnabledSuperadmins(tx);
      const account = await repo.findById(tx, id);
      if (!account || account.role === 'ROLE_STUDENT') return undefined;
      check(account, enabledSuperadmins);
      return repo.updateStaff(tx, id, { role: input.role, disabled: input.disabled, passwordHash });
    });
    if (!row) return undefined;
    this.changed(id, false);
    await this.hearing.settle();
    return row;
  }

  /**
   * Holds the account until the transaction ends. A delete takes it first: a write that references
   * the account (a script handed in at that moment) then either commits before the delete reads
   * what to remove, or fails on the missing account, and nothing it stored is left without a row.
   */
  async lockForDelete(tx: DbOrTx, id: number): Promise<boolean> {
    return repo.lockAccount(tx, id);
  }

  /**
   * A student's sign-in on a device (`userAgent` as it said), `limit` devices at most: the oldest
   * live ones beyond it are ended, and every server refuses their tokens before this answers (see
   * Hearing.settle). Answers the new device's id, for the token, and the ids ended.
   */
  async registerDevice(
    account: { id: number; sessionVersion: number },
    userAgent: string,
    limit: number,
    tokenTtlHours: number,
  ): Promise<{ deviceId: string; ended: string[] }> {
    const deviceId = randomUUID();
    const now = new Date();
    const ended = await this.db.transaction((tx) =>
      devices.registerDevice(
        tx,
        {
          id: deviceId,
          accountId: account.id,
          sessionVersion: account.sessionVersion,
          userAgent: userAgent.slice(0, 512),
        },
        limit,
        now,
        tokensFrom(now, tokenTtlHours),
      ),
    );
    // Seen as it signs in: its first request (a class opening its exams together) writes nothing more.
    this.deviceSeen.set(deviceId, now.getTime());
    if (ended.length > 0) {
      this.changed(account.id, false);
      await this.hearing.settle();
    }
    return { deviceId, ended };
  }

  /** The account's devices whose tokens may still be in use, the most recently seen first. */
  liveDevices(accountId: number, tokenTtlHours: number) {
    return devices.liveDevices(this.db, accountId, tokensFrom(new Date(), tokenTtlHours));
  }

  /**
   * Ends one live device of the account (its token is refused everywhere before this answers);
   * undefined when there is no such live device.
   */
  async endDevice(accountId: number, deviceId: string, reason: devices.DeviceEndReason, tokenTtlHours: number) {
    const now = new Date();
    const row = await devices.endDevice(this.db, accountId, deviceId, reason, now, tokensFrom(now, tokenTtlHours));
    if (!row) return undefined;
    this.changed(accountId, false);
    await this.hearing.settle();
    return row;
  }

  /**
   * A request came from the device: its last-seen time is written at most every few minutes per
   * server, and never waited for (a failed write only leaves it older).
   */
  seenDevice(deviceId: string): void {
    const now = Date.now();
    const written = this.deviceSeen.get(deviceId);
    if (written !== undefined && now - written < DEVICE_SEEN_EVERY_MS) return;
    this.deviceSeen.set(deviceId, now);
    devices.touchDevice(this.db, deviceId, new Date(now)).catch(() => this.deviceSeen.delete(deviceId));
  }

  /** Inside the caller's transaction when one is given, so a refusal or audit goes with it. */
  async delete(id: number, tx: DbOrTx = this.db) {
    const row = await repo.deleteAccount(tx, id);
    this.changed(id, true);
    return row;
  }
}

/** Counts without `exclude` that no index narrows (no `q`, or under three letters) are kept. */
function kept(filter: repo.StudentFilter): boolean {
  return !filter.exclude && [...(filter.q ?? '')].length < TRIGRAM;
}

/** A device's last-seen time is written at most this often by one server. */
const DEVICE_SEEN_EVERY_MS = 5 * 60_000;

/** The sign-in time before which every token has expired. */
const tokensFrom = (now: Date, tokenTtlHours: number) => new Date(now.getTime() - tokenTtlHours * 3_600_000);
