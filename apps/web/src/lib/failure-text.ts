import { ApiError, errorMessage } from './api-client';

/**
 * What a screen says when a call failed. A refusal (4xx) names its reason (a duplicate identifier,
 * no such exam, marks not published), so the server's message is shown; a 5xx or a lost connection
 * says nothing a tutor can act on, so the screen's own sentence (`fallback`) is shown instead.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? errorMessage(error, fallback) : fallback;
}
