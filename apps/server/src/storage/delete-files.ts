import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStorage } from './storage.js';

/**
 * Deletes stored files once nothing points at them (after the commit that removed their rows, or
 * when an upload is refused). A delete that fails is logged and left: the file is an orphan that
 * the sweep (`ops/sweep-files.ts`) finds, never a row pointing at nothing, and never a failed request.
 */
export async function deleteStoredFiles(
  storage: ObjectStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  keys: Iterable<string | null | undefined>,
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await storage.delete(key).catch((error) => log.warn({ err: error, key }, 'could not delete stored file'));
  }
}
