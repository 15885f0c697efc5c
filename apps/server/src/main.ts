import { buildApp } from './app.js';
import { ensureSuperadmin } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createStorage, loadSecret, prepareDataDir } from './runtime.js';

async function main() {
  const config = loadConfig();
  prepareDataDir(config);
  const secret = loadSecret(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const storage = await createStorage(config, secret);
  const app = await buildApp({ config, database, storage, secret });
  await ensureSuperadmin(database.db, config, app.log);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Valence is at http://localhost:${config.port} (API at ${config.apiPrefix || '/'}, database: ${database.kind}, files: ${storage.kind})`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
