import type { Role } from '@valence/contract';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { findByUsername, insertAccount, isUniqueViolation } from './repository.js';

/** Usernames are unique across staff and students, case-insensitively. */
export async function createAccount(db: DbOrTx, input: { username: string; password: string; role: Role }) {
  if (await findByUsername(db, input.username)) throw conflict(`Username '${input.username}' is already taken.`);
  try {
    return await insertAccount(db, {
      username: input.username,
      passwordHash: await hashPassword(input.password),
      role: input.role,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Username '${input.username}' is already taken.`);
    throw error;
  }
}
