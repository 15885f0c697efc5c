/**
 * Creates and migrates a new embedded store in a process of its own, then exits, so that the memory
 * the engine grows to while creating it goes with this process (see `createStoreApart` in client.ts).
 * With `--with-superadmin` it also does the first start's superadmin step (from this process's
 * environment, as the server would) and sends its outcome to the parent: writing the first rows
 * grows the engine's memory too. Arguments: the data folder, the migrations folder, the flag.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { createSuperadmin } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { type Db, migratedPglite } from './client.js';
import * as schema from './schema.js';

const [dataDir, migrationsFolder, flag] = process.argv.slice(2);
if (!dataDir || !migrationsFolder) {
  throw new Error('Usage: create-store.js <data folder> <migrations folder> [--with-superadmin]');
}
const client = await migratedPglite(dataDir, migrationsFolder);
if (flag === '--with-superadmin') {
  const outcome = await createSuperadmin(drizzle(client, { schema }) as unknown as Db, loadConfig());
  await new Promise<void>((resolve, reject) =>
    process.send?.(outcome, undefined, {}, (error) => (error ? reject(error) : resolve())),
  );
}
// Flushed, so that the server's first open replays nothing.
await client.exec('CHECKPOINT');
await client.close();
