import { buildApp } from './app.js';
import { createSuperadmin, isSuperadminOutcome, reportSuperadmin } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { collectWhenIdle } from './lib/idle-collection.js';
import { guardProcess } from './lib/process-faults.js';
import { listenControlSocket } from './ops/control-socket.js';
import { DataDirBusy, type DataDirLock, describeHolder, lockDataDir } from './ops/data-dir-lock.js';
import { serveOpsCommands } from './ops/serve-ops.js';
import { createStorage, loadSecret, prepareDataDir } from './runtime.js';

/**
 * Connections the kernel may hold waiting to be accepted (capped by net.core.somaxconn). Node's 511
 * is less than a class opening its exam in the same second: the connections beyond it are dropped and
 * the phones retry after 1 s, then 3 s (bench:exam-day's exam list p99 went from 4.1 s to 1.7 s).
 */
const LISTEN_BACKLOG = 4096;

/** How long shutdown waits for requests still running once connections are closed (systemd and Docker allow 10 s in all). */
const SHUTDOWN_WAIT_MS = 5000;

async function main() {
  const config = loadConfig();
  prepareDataDir(config);
  // The embedded database may be open in one process only; PostgreSQL takes any number of servers.
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    lock = lockDataDir(config.dataDir, 'npm start');
    if (lock.tookOverFrom) {
      console.warn(`Note: took over the lock left by ${describeHolder(lock.tookOverFrom)}, which no longer runs.`);
    }
  }
  const secret = loadSecret(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    withSuperadmin: true,
  });
  const storage = await createStorage(config, secret);
  const app = await buildApp({ config, database, storage, secret });
  // A connection the database or file store drops outside any request must not end the server.
  guardProcess(app.log);
  // A new embedded store was created with the superadmin in it; otherwise the step runs here (and
  // finds one on every start after the first).
  const created = database.createdWith;
  reportSuperadmin(isSuperadminOutcome(created) ? created : await createSuperadmin(database.db, config), app.log);
  const stopControl = lock ? await serveOpsCommands(lock, { config, database, storage }, listenControlSocket) : null;

  const stopCollecting = collectWhenIdle(app.inFlight);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    stopCollecting();
    await stopControl?.();
    // close() ends idle keep-alive connections once; one still answering a request would otherwise
    // hold the process for the keep-alive timeout (72 s) after it has answered.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
    // A request whose client hung up is no connection close() waits for: let it finish its
    // statements before the database goes, within the time a process manager allows a stop.
    if (!(await app.inFlight.settled(SHUTDOWN_WAIT_MS)))
      app.log.warn(
        `${app.inFlight.count} request(s) still running after ${SHUTDOWN_WAIT_MS} ms: closing the database under them`,
      );
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info(
    `Valence is at http://localhost:${config.port} (API at ${config.apiPrefix || '/'}, database: ${database.kind}, files: ${storage.kind})`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirBusy) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
