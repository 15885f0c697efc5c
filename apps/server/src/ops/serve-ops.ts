import { type ControlHandlers, controlSocketPath } from './control-socket.js';
import type { DataDirLock } from './data-dir-lock.js';
import type { OpsContext } from './ops-command.js';
import { SOCKET_COMMANDS } from './registry.js';

/**
 * The server's side of the control socket: it runs the commands of registry.ts on its own store and
 * hands out database snapshots, then writes the socket's path into its lock for commands to find.
 */
export async function serveOpsCommands(
  lock: DataDirLock,
  ctx: OpsContext,
  listen: (socket: string, handlers: ControlHandlers) => Promise<() => Promise<void>>,
): Promise<() => Promise<void>> {
  const socket = controlSocketPath(ctx.config.dataDir);
  const stop = await listen(socket, {
    async run(name, argv, io) {
      const command = SOCKET_COMMANDS.get(name);
      if (!command) {
        io.err(`This server does not run '${name}'.`);
        return 2;
      }
      try {
        return await command.run(ctx, argv, io);
      } catch (error) {
        // A refusal (a taken username, demo data already there) is the common case: its message says it.
        io.err(error instanceof Error ? error.message : String(error));
        return 1;
      }
    },
    async databaseSnapshot() {
      if (!ctx.database.snapshot) throw new Error('Only the embedded database makes snapshots.');
      return ctx.database.snapshot();
    },
  });
  lock.advertise(socket);
  return stop;
}
