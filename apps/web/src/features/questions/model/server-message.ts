import { ApiError } from '../../../lib/api-client';

// apiFetch's own words when an answer carried no `{ message }`; the screen's fixed fallback texts replace them.
const CLIENT_FALLBACK = /^Request failed \(\d+\)\.$/;

/** The server's own reason for a failure, or null when it gave none (or the failure was not an answer). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.message || CLIENT_FALLBACK.test(error.message)) return null;
  return error.message;
}
