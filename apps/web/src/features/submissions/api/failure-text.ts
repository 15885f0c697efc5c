import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * The server's message is preferred: a refusal (4xx) names its reason (no such exam,
 * content deleted, a bad score); a 5xx or a lost connection says nothing a tutor can act on, so the
 * screen's own sentence is shown instead.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? errorMessage(error, fallback) : fallback;
}
