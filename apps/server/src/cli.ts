import { runCommand } from './lib/run-command.js';
import { backupCommand } from './ops/backup.js';
import { CREATE_STAFF_USAGE, createStaffCommand } from './ops/create-staff.js';
import { OpsRefused, runOpsCommand, TOLD_ERRORS } from './ops/ops-command.js';
import { restoreCommand } from './ops/restore.js';
import { SWEEP_FILES_USAGE, sweepFilesCommand } from './ops/sweep-files.js';

const USAGE = `Usage:
  ${CREATE_STAFF_USAGE}
  npm run backup -- --out FILE
  npm run restore -- FILE [--force]
  ${SWEEP_FILES_USAGE}

Each uses the same DATA_DIR / DATABASE_URL settings as the server. While the server runs on the
embedded database, create-staff and sweep-files run inside it and backup copies from it.`;

async function main(argv: string[]) {
  const [name, ...rest] = argv;
  if (name === 'backup') return backupCommand(rest);
  if (name === 'restore') return restoreCommand(rest);
  const command = [createStaffCommand, sweepFilesCommand].find((candidate) => candidate.name === name);
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  return runOpsCommand(command, rest);
}

// A refusal (the name is taken, the folder is in use) prints just its message.
runCommand(main, [Error, OpsRefused, ...TOLD_ERRORS]);
