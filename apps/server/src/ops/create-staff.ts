import { parseArgs } from 'node:util';
import { createStaffRequestSchema } from '@valence/contract';
import { AccountsService } from '../modules/accounts/service.js';
import { StaffService } from '../modules/staff/service.js';
import type { OpsCommand } from './ops-command.js';

export const CREATE_STAFF_USAGE =
  'npm run cli -- create-staff --username NAME --password SECRET [--role ROLE_ADMIN|ROLE_SUPERADMIN]';

export const createStaffCommand: OpsCommand = {
  name: 'create-staff',
  invocation: 'npm run cli -- create-staff',
  async run({ database }, argv, io) {
    let values: { username?: string; password?: string; role?: string };
    try {
      ({ values } = parseArgs({
        args: argv,
        options: { username: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
      }));
    } catch (error) {
      io.err(`${(error as Error).message}\nUsage: ${CREATE_STAFF_USAGE}`);
      return 2;
    }
    const parsed = createStaffRequestSchema.safeParse({ ...values, role: values.role ?? 'ROLE_ADMIN' });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) io.err(`${issue.path.join('.')}: ${issue.message}`);
      io.err(`Usage: ${CREATE_STAFF_USAGE}`);
      return 2;
    }
    // No app here: the services get by hand what their plugins would take from it.
    const { db } = database;
    const staff = await new StaffService({ db, accounts: new AccountsService({ db }) }).create(null, parsed.data);
    io.out(`Created ${staff.role} '${staff.username}' (id ${staff.id}).`);
    return 0;
  },
};
