import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { audit } from './lib/audit.js';
import { isUniqueViolation } from './lib/db-errors.js';
import { HttpError } from './lib/errors.js';
import { generatePassword } from './lib/passwords.js';
import { AccountsService } from './modules/accounts/service.js';

/**
 * What the first-start step did: nothing (a superadmin exists), found the username taken, or created
 * the account (with the generated password when none was configured). Plain data: the process that
 * creates a new embedded store does this step and sends the outcome to the server that started it.
 */
export type SuperadminOutcome =
  | { kind: 'exists' }
  | { kind: 'taken'; username: string }
  | { kind: 'created'; username: string; generatedPassword: string | null };

/**
 * First start on an empty database: creates the superadmin from ADMIN_USERNAME/ADMIN_PASSWORD, or
 * with a generated password. Replicas racing here are settled by the unique username.
 */
export async function createSuperadmin(db: Db, config: Config): Promise<SuperadminOutcome> {
  // Runs outside any app (the seed command and the store's creation call it too): the service gets
  // its one dependency here.
  const accounts = new AccountsService({ db });
  if ((await accounts.countByRole('ROLE_SUPERADMIN')) > 0) return { kind: 'exists' };
  const username = config.adminUsername ?? 'admin';
  const password = config.adminPassword ?? generatePassword();
  try {
    const account = await accounts.create({ username, password, role: 'ROLE_SUPERADMIN' });
    await audit(db, null, 'staff.bootstrap', `account:${account.id}`, { username });
  } catch (error) {
    if (error instanceof HttpError || isUniqueViolation(error)) return { kind: 'taken', username };
    throw error;
  }
  return { kind: 'created', username, generatedPassword: config.adminPassword ? null : password };
}

/** Whether a message from the store-creating process is an outcome of `createSuperadmin`. */
export function isSuperadminOutcome(value: unknown): value is SuperadminOutcome {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  return value.kind === 'exists' || value.kind === 'taken' || value.kind === 'created';
}

/** Tells the operator what the first-start step did; a generated password is printed this once. */
export function reportSuperadmin(outcome: SuperadminOutcome, log: FastifyBaseLogger): void {
  if (outcome.kind === 'taken') {
    log.warn(`Could not create the first superadmin: the username '${outcome.username}' is taken.`);
  } else if (outcome.kind === 'created' && outcome.generatedPassword === null) {
    log.info(`Created superadmin '${outcome.username}' from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else if (outcome.kind === 'created') {
    // Printed once, on purpose to stdout so it is seen even with logs filtered.
    process.stdout.write(
      `\n  First start: created superadmin '${outcome.username}' with password: ${outcome.generatedPassword}\n  Keep it safe; it is not shown again.\n\n`,
    );
  }
}

/** The first-start step and its report, in this process. */
export async function ensureSuperadmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  reportSuperadmin(await createSuperadmin(db, config), log);
}
