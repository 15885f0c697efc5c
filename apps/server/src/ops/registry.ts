import { seedDemoCommand } from '../seed/seed-demo.js';
import { createStaffCommand } from './create-staff.js';
import type { OpsCommand } from './ops-command.js';
import { sweepFilesCommand } from './sweep-files.js';

/** The commands a running server accepts on its control socket for the folder it holds. */
export const SOCKET_COMMANDS: ReadonlyMap<string, OpsCommand> = new Map(
  [createStaffCommand, seedDemoCommand, sweepFilesCommand].map((command) => [command.name, command]),
);
