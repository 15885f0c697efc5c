import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSrc = join(import.meta.dirname, '..');

/**
 * The schema `pgboss` is the job queue's (pg-boss makes and upgrades it; no drizzle table): only the
 * queue's repository names its tables, beside the two reads across everything that must (the
 * sweep of stored files, for the report zips' keys) and the tests that set a job up by hand.
 */
const ALLOWED = new Set(['queue/repository.ts', 'ops/sweep-files.ts', 'test/queue.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the queue schema', () => {
  it('is named only by the queue', () => {
    const naming = sources(serverSrc)
      .filter((file) => /\bpgboss\.\w+/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(serverSrc, file))
      .filter((file) => !ALLOWED.has(file));
    expect(naming).toEqual([]);
  });
});
