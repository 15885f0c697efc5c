import type { Role } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import * as repo from './repository.js';

/**
 * The one account table behind staff, students and sign-in. Other modules read and change
 * accounts only through here; hashes never leave it except to the password check.
 */
export class AccountsService {
  private readonly db: Db;

  constructor({ db }: Pick<FastifyInstance, 'db'>) {
    this.db = db;
  }

  /** Usernames are unique across staff and students, case-insensitively. */
  async create(input: { username: string; password: string; role: Role }): Promise<repo.AccountRow> {
    if (await repo.findByUsername(this.db, input.username)) {
      throw conflict(`Username '${input.username}' is already taken.`);
    }
    try {
      return await repo.insertAccount(this.db, {
        username: input.username,
        passwordHash: await hashPassword(input.password),
        role: input.role,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Username '${input.username}' is already taken.`);
      throw error;
    }
  }

  findByUsername(username: string) {
    return repo.findByUsername(this.db, username);
  }

  findById(id: number) {
    return repo.findById(this.db, id);
  }

  findSession(id: number) {
    return repo.findSession(this.db, id);
  }

  listByRoles(roles: Role[]) {
    return repo.listByRoles(this.db, roles);
  }

  listStudents(filter: repo.StudentFilter & { limit: number; offset: number }) {
    return repo.listStudents(this.db, filter);
  }

  countStudents(filter: repo.StudentFilter) {
    return repo.countStudents(this.db, filter);
  }

  countByRole(role: Role) {
    return repo.countByRole(this.db, role);
  }

  studentIdsAmong(ids: number[]) {
    return repo.studentIdsAmong(this.db, ids);
  }

  async setLoggedIn(id: number, loggedIn: boolean): Promise<void> {
    await repo.setLoggedIn(this.db, id, loggedIn);
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await repo.setPasswordHash(this.db, id, passwordHash);
  }

  async endSessions(id: number): Promise<void> {
    await repo.endSessions(this.db, id);
  }

  /** A new username (unique, any case) and, when given, a new password, which ends old sessions. */
  async update(id: number, input: { username: string; password?: string | undefined }) {
    const holder = await repo.findByUsername(this.db, input.username);
    if (holder && holder.id !== id) throw conflict(`Username '${input.username}' is already taken.`);
    try {
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const row = await repo.updateAccount(this.db, id, {
        username: input.username,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (row && passwordHash) await repo.endSessions(this.db, id);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Username '${input.username}' is already taken.`);
      throw error;
    }
  }

  /** Inside the caller's transaction when one is given, so a refusal or audit goes with it. */
  delete(id: number, tx: DbOrTx = this.db) {
    return repo.deleteAccount(tx, id);
  }
}
