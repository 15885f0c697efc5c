import { createWriteStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated in-memory store's files (a tar), or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Global set-up of the API tiers: migrates one in-memory store and leaves its files in a tar that
 * every test database on PGlite starts from (`openTestDatabase`). A new cluster plus every migration
 * costs 2–3.5 s a file on a 2-core machine; loading the copy about 0.7 s. The migrations still run
 * over the copy, so a copy that lacks one gets it. One tar a run: the two API projects share it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const file = path.join(os.tmpdir(), `valence-pglite-template-${process.pid}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    try {
      if (!database.snapshot) throw new Error('The in-memory store gave no copy of its files.');
      await pipeline(await database.snapshot(), createWriteStream(file));
    } finally {
      await database.close();
    }
  }
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
