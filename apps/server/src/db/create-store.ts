/**
 * Creates and migrates a new embedded store in a process of its own, then exits, so that the memory
 * the engine grows to while creating it goes with this process (see `createStoreApart` in client.ts).
 * Arguments: the data folder and the migrations folder.
 */
import { migratedPglite } from './client.js';

const [dataDir, migrationsFolder] = process.argv.slice(2);
if (!dataDir || !migrationsFolder) throw new Error('Usage: create-store.js <data folder> <migrations folder>');
const client = await migratedPglite(dataDir, migrationsFolder);
// Flushed, so that the server's first open replays nothing.
await client.exec('CHECKPOINT');
await client.close();
