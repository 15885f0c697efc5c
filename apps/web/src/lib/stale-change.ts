import { type StaleChange, staleChangeSchema } from '@valence/contract';
import { ApiError } from './api-client';

/** A refused save's newer version: who saved it, when, and the version to overwrite it with. */
export type Stale = StaleChange & { version: number };

/**
 * The answer of a save sent with `If-Match` when someone saved the script after it was read (409
 * with the current version), or null for any other failure: another 409 (content deleted) has no
 * version and is only a reason to show.
 */
export function staleChangeOf(error: unknown): Stale | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const read = staleChangeSchema.safeParse(error.body);
  return read.success && read.data.version !== undefined ? { ...read.data, version: read.data.version } : null;
}

/** The header of a save made from `version`. */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });
