import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { audit } from './lib/audit.js';
import { isUniqueViolation } from './lib/db-errors.js';
import { HttpError } from './lib/errors.js';
import { generatePassword } from './lib/passwords.js';
import { AccountsService } from './modules/accounts/service.js';

/**
 * First start on an empty database: creates the superadmin from ADMIN_USERNAME/ADMIN_PASSWORD, or
 * with a generated password printed once. Replicas racing here are settled by the unique username.
 */
export async function ensureSuperadmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  // Runs outside any app (the seed command calls it too): the service gets its one dependency here.
  const accounts = new AccountsService({ db });
  if ((await accounts.countByRole('ROLE_SUPERADMIN')) > 0) return;
  const username = config.adminUsername ?? 'admin';
  const password = config.adminPassword ?? generatePassword();
  try {
    const account = await accounts.create({ username, password, role: 'ROLE_SUPERADMIN' });
    await audit(db, null, 'staff.bootstrap', `account:${account.id}`, { username });
  } catch (error) {
    if (error instanceof HttpError || isUniqueViolation(error)) {
      log.warn(`Could not create the first superadmin: the username '${username}' is taken.`);
      return;
    }
    throw error;
  }
  if (config.adminPassword) {
    log.info(`Created superadmin '${username}' from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else {
    // Printed once, on purpose to stdout so it is seen even with logs filtered.
    process.stdout.write(
      `\n  First start: created superadmin '${username}' with password: ${password}\n  Keep it safe; it is not shown again.\n\n`,
    );
  }
}
