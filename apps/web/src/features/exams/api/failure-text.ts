import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * The server's message when present, otherwise the screen's own. A refusal (4xx) names its
 * reason (a duplicate identifier, submissions that block a delete); a 5xx or a lost connection says
 * nothing a tutor can act on, so the screen's own sentence is shown instead.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? errorMessage(error, fallback) : fallback;
}
