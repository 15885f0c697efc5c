import { parseArgs } from 'node:util';
import { createStaffRequestSchema } from '@valence/contract';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runCommand } from './lib/run-command.js';
import { AccountsService } from './modules/accounts/service.js';
import { StaffService } from './modules/staff/service.js';

const USAGE = `Usage:
  npm run cli -- create-staff --username NAME --password SECRET [--role ROLE_ADMIN|ROLE_SUPERADMIN]

Uses the same DATA_DIR / DATABASE_URL settings as the server.`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== 'create-staff') {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { username: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
  });
  const parsed = createStaffRequestSchema.safeParse({ ...values, role: values.role ?? 'ROLE_ADMIN' });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // No app here: the services get by hand what their plugins would take from it.
    const { db } = database;
    const staff = await new StaffService({ db, accounts: new AccountsService({ db }) }).create(null, parsed.data);
    console.log(`Created ${staff.role} '${staff.username}' (id ${staff.id}).`);
    return 0;
  } finally {
    await database.close();
  }
}

// A refusal (the name is taken) and any other failure alike print just their message.
runCommand(main, [Error]);
