import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * The server's message is preferred where there is one. A refusal (4xx: nothing matches,
 * marks not published) names its reason; a 5xx or a lost connection says nothing a tutor or a
 * student can act on, so the screen's own sentence is shown instead.
 */
export function lookupFailureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? errorMessage(error, fallback) : fallback;
}
