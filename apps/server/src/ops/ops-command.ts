import type { Config } from '../config.js';
import { ConfigError, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { createStorage, loadSecret, prepareDataDir } from '../runtime.js';
import type { ObjectStorage } from '../storage/storage.js';
import { runThroughSocket } from './control-socket.js';
import { DataDirBusy, describeHolder, lockDataDir } from './data-dir-lock.js';
import type { OpsIo } from './ops-io.js';

/** What a command works on: the same database and file store the server uses. */
export type OpsContext = { config: Config; database: Database; storage: ObjectStorage };

/**
 * A command that works on a Valence store: run in its own process when it may open the store, or
 * inside the server that holds the embedded database's folder (see control-socket.ts).
 */
export type OpsCommand = {
  name: string;
  /** How a user runs it, for messages. */
  invocation: string;
  run: (ctx: OpsContext, argv: string[], io: OpsIo) => Promise<number>;
};

/** A mistake in how a command was called or a refusal: its message alone is printed. */
export class OpsRefused extends Error {}

export const consoleIo: OpsIo = { out: (text) => console.log(text), err: (text) => console.error(text) };

/**
 * Runs `command` on the configured store. On PostgreSQL any number of processes may work at once.
 * On the embedded store this process takes DATA_DIR's lock; if a running server holds it, the
 * command runs inside that server instead (its output printed here), so nobody has to stop the
 * portal to add a colleague or seed a demo.
 */
export async function runOpsCommand(
  command: OpsCommand,
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; io?: OpsIo } = {},
): Promise<number> {
  const io = options.io ?? consoleIo;
  const config = loadConfig(options.env ?? process.env);
  if (config.databaseUrl) return withStore(config, (ctx) => command.run(ctx, argv, io));
  prepareDataDir(config);
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(config.dataDir, command.invocation);
  } catch (error) {
    if (!(error instanceof DataDirBusy) || !error.holder.socket) throw error;
    io.err(`${config.dataDir} is held by ${describeHolder(error.holder)}: running this through it.`);
    try {
      return await runThroughSocket(error.holder.socket, command.name, argv, io);
    } catch (cause) {
      throw new OpsRefused(`${error.message}\n(It did not answer on its control socket: ${(cause as Error).message}.)`);
    }
  }
  if (lock.tookOverFrom) {
    io.err(`Note: took over the lock left by ${describeHolder(lock.tookOverFrom)}, which no longer runs.`);
  }
  try {
    return await withStore(config, (ctx) => command.run(ctx, argv, io));
  } finally {
    lock.release();
  }
}

async function withStore(config: Config, work: (ctx: OpsContext) => Promise<number>): Promise<number> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  try {
    const storage = await createStorage(config, loadSecret(config));
    return await work({ config, database, storage });
  } finally {
    await database.close();
  }
}

/** The errors whose message alone tells the user what to do. */
export const TOLD_ERRORS = [OpsRefused, DataDirBusy, ConfigError];
